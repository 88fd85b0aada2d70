/* links.cpp - links_usage on S4U (see links.h): the C API lists links and
 * their bandwidths, but not what they carry, which utilisation.c samples
 * so that a critical-path segment can name the link that bounded it. */
#include "links.h"

#include <simgrid/s4u/Link.hpp>

extern "C" double links_usage(const_sg_link_t link)
{
  return link->get_usage();
}
