/* balancer.h - the redistribution of a job's input before it runs (balancer.c). */
#ifndef MRLAB_BALANCER_H
#define MRLAB_BALANCER_H

/* Actor: runs the block moves of one job (its data), on the master. */
void balancer_actor(int argc, char **argv);

#endif
