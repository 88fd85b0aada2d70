/* links.h - what SimGrid's C API does not say of a link (links.cpp). */
#ifndef MRLAB_LINKS_H
#define MRLAB_LINKS_H

#include <simgrid/forward.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The bytes per second LINK carries now: the rates that SimGrid's max-min
 * solver gave the flows crossing it, summed (S4U's Link::get_usage). */
double links_usage(const_sg_link_t link);

#ifdef __cplusplus
}
#endif

#endif
