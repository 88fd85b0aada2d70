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

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#include "platform.h" /* C: its functions keep C linkage in zones.cpp */

/* The speed of a disk's host (DISK_HOSTS below), flops/s. */
#define TOPOLOGY_DISK_SPEED 1e9

/* Writes P as a SimGrid platform XML document to OUT.  With GATEWAYS, each
 * rack also gets a host "RACK-shuffle" that stands for all its workers as
 * senders of map outputs (mrlab.shuffle.by.rack): its full-duplex link
 * "nic-RACK-shuffle" to the switch has the summed bandwidth of the workers'
 * NICs and their largest latency, and it reaches each host of the rack
 * through that host's NIC.  A second host "RACK-shuffle-in", with a link
 * "nic-RACK-shuffle-in" alike, stands for them as receivers in the coarse
 * shuffle (coarse.h); gateways reach it within the rack through both links.
 * With DISK_HOSTS (mrlab.disk.lazy, disks.h), each disk K of each node N
 * is also a host "N/diskK" of its rack's zone, of one core of
 * TOPOLOGY_DISK_SPEED flops/s (a flop a nanosecond of the disk's time) and
 * with no route: its executions are the disk's operations. */
void topology_write_xml(const platform *p, int gateways, int disk_hosts, FILE *out);

/* Loads P into SimGrid, with GATEWAYS and DISK_HOSTS as above: the
 * platform topology_write_xml prints, built through SimGrid's API
 * (zones.cpp), host for host, link for link and route for route as
 * SimGrid's parser would build it from the XML.  simgrid_init must have
 * been called.  Returns 0 (ERR is for a failure this cannot have yet). */
int topology_load(const platform *p, int gateways, int disk_hosts, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
