/* maptask.h - a map attempt (maptask.c): read its split, map, spill, merge. */
#ifndef MRLAB_MAPTASK_H
#define MRLAB_MAPTASK_H

/* Actor: a map attempt on its worker (its data: the attempt), launched by
 * its tracker; it ends through engine.up.attempt_ended. */
void map_attempt_actor(int argc, char **argv);

#endif
