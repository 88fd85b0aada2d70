/* topology.h - the SimGrid platform a cluster becomes.
 *
 * Each rack is a zone holding its hosts and a switch; every host reaches the
 * switch through its own full-duplex NIC link, and racks reach each other
 * through their full-duplex uplinks and the shared core-switch link:
 *   host -nic-> rack switch -uplink-> core -uplink-> rack switch -nic-> host
 * Disks sit in their hosts.  Names: hosts as in the platform ("fast-3",
 * "master"), disks "disk0".., links "nic-HOST", "uplink-RACK", "core". */
#ifndef MRLAB_TOPOLOGY_H
#define MRLAB_TOPOLOGY_H

#include "platform.h"

#include <stdio.h>

/* Writes P as a SimGrid platform XML document to OUT. */
void topology_write_xml(const platform *p, FILE *out);

/* Loads P into SimGrid (through a temporary XML file, removed afterwards).
 * simgrid_init must have been called.  Returns 0, or -1 with ERR set when
 * the temporary file cannot be written. */
int topology_load(const platform *p, char *err, size_t errlen);

#endif
