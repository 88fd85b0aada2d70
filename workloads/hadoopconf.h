/* hadoopconf.h - Hadoop's XML configuration files, read into mrlab's properties.
 *
 * A real cluster's mapred-site.xml, hdfs-site.xml, yarn-site.xml and
 * core-site.xml (`mrlab run --conf FILE.xml`) hold job and cluster
 * properties side by side.  hadoopconf_read lays them over a conf (conf.h)
 * that then serves as the base the platform's `settings` and every job's
 * `set` list start from, so the precedence is Hadoop's: defaults, then the
 * XML files in the order given (a later file wins, except over a property an
 * earlier one marked final), then the input files, then `--set`. */
#ifndef MRLAB_HADOOPCONF_H
#define MRLAB_HADOOPCONF_H

#include "conf.h"

#include <stdio.h>

/* The largest XML file hadoopconf_read takes: a job.xml holding every
 * default of Hadoop's four *-default.xml files is under 1 MiB. */
#define HADOOPCONF_MAX_BYTES (4L << 20)

/* Applies the N Hadoop configuration files PATHS, in order, to C (both
 * scopes).  A property mrlab models is parsed in Hadoop's syntax; its Hadoop
 * 1 name counts as its own; an empty value leaves it unset.  A later value
 * of a property an earlier one marked <final>true</final> is ignored with one
 * warning line on MSGS (none when it is the same value).  A property mrlab
 * does not model is ignored, and all such are counted in one note line on
 * MSGS at the end, unless its name is an mrlab.* one, or is in no list of
 * Hadoop's own properties and lies within two edits of a modelled one (a
 * typo): that is an error.  Returns 0, or -1 with "FILE:LINE: what was
 * expected" in ERR (malformed XML, an unknown root or element, a property
 * without a name, two <name>s, <value>s or <final>s in one property, a
 * nested property, a <final> other than true or false, a bad value), C then
 * half applied. */
int hadoopconf_read(const char *const *paths, int n, conf *c, FILE *msgs, char *err, size_t errlen);

#endif
