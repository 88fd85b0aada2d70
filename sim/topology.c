/* topology.c - writes a platform as SimGrid XML, what `mrlab platform
 * --xml` prints; zones.cpp builds the same platform through SimGrid's API.
 *
 * mrlab makes the SimGrid platform itself rather than asking users for
 * SimGrid XML, so that one short platform file yields a routed topology of
 * any size.  Racks are Full zones listing a route per pair of their hosts
 * and from each host to the switch (SimGrid 3.32's Floyd zones find no route
 * between two hosts through a router); the root zone lists one route per
 * pair of racks.  Numbers are written with 17 significant digits, so SimGrid
 * reads back exactly the doubles platform_read parsed. */
#include "topology.h"

#include <math.h>

static void write_link(FILE *out, const char *indent, const char *id, const platform_link *l, const char *policy)
{
  fprintf(out, "%s<link id=\"%s\" bandwidth=\"%.17gBps\" latency=\"%.17gs\" sharing_policy=\"%s\"/>\n", indent, id,
          l->bandwidth, l->latency, policy);
}

static void write_host(FILE *out, const platform *p, const platform_node *n)
{
  const platform_class *c = platform_node_class(p, n);
  fprintf(out, "    <host id=\"%s\" speed=\"%.17gf\" core=\"%d\">\n", n->name, c->speed, c->cores);
  fprintf(out, "      <prop id=\"class\" value=\"%s\"/>\n", c->name);
  fprintf(out, "      <prop id=\"memory\" value=\"%.17g\"/>\n", c->memory);
  for (int d = 0; d < c->n_disks; d++)
    fprintf(out, "      <disk id=\"disk%d\" read_bw=\"%.17gBps\" write_bw=\"%.17gBps\"/>\n", d, c->disks[d].read_bw,
            c->disks[d].write_bw);
  fprintf(out, "    </host>\n");
}

/* Node I of P (-1: the master) if it sits in rack R, else NULL. */
static const platform_node *rack_node(const platform *p, int r, int i)
{
  const platform_node *n = i < 0 ? &p->master : &p->workers[i];
  return n->rack == r ? n : NULL;
}

/* The shuffle gateway of rack R: a host with no disk and one link. */
static void write_gateway(FILE *out, const platform *p, int r)
{
  const char *rack = p->racks[r].name;
  platform_link nic = {0, 0};
  for (int i = 0; i < p->n_workers; i++)
    if (p->workers[i].rack == r) {
      const platform_link *l = &platform_node_class(p, &p->workers[i])->nic;
      nic.bandwidth += l->bandwidth;
      nic.latency = fmax(nic.latency, l->latency);
    }
  char id[80], in[88];
  snprintf(id, sizeof id, "nic-%s-shuffle", rack);
  snprintf(in, sizeof in, "%s-in", id); /* the receiving side, for the coarse shuffle (coarse.h) */
  write_link(out, "    ", id, &nic, "SPLITDUPLEX");
  write_link(out, "    ", in, &nic, "SPLITDUPLEX");
  fprintf(out, "    <route src=\"%s-shuffle\" dst=\"%s-switch\"><link_ctn id=\"%s\" direction=\"UP\"/></route>\n", rack,
          rack, id);
  fprintf(out, "    <route src=\"%s-shuffle-in\" dst=\"%s-switch\"><link_ctn id=\"%s\" direction=\"UP\"/></route>\n",
          rack, rack, in);
  fprintf(out,
          "    <route src=\"%s-shuffle\" dst=\"%s-shuffle-in\"><link_ctn id=\"%s\" direction=\"UP\"/>"
          "<link_ctn id=\"%s\" direction=\"DOWN\"/></route>\n",
          rack, rack, id, in);
  for (int i = -1; i < p->n_workers; i++) {
    const platform_node *a = rack_node(p, r, i);
    if (a)
      fprintf(out,
              "    <route src=\"%s-shuffle\" dst=\"%s\"><link_ctn id=\"%s\" direction=\"UP\"/>"
              "<link_ctn id=\"nic-%s\" direction=\"DOWN\"/></route>\n",
              rack, a->name, id, a->name);
  }
}

/* mrlab.disk.lazy (disks.h): each disk of node N as a host "N/diskK" of
 * one core and TOPOLOGY_DISK_SPEED, with no route: it never communicates,
 * it only runs its disk's operations as executions. */
static void write_disk_hosts(FILE *out, const platform *p, const platform_node *n)
{
  for (int d = 0; d < platform_node_class(p, n)->n_disks; d++)
    fprintf(out, "    <host id=\"%s/disk%d\" speed=\"%.17gf\" core=\"1\"/>\n", n->name, d, TOPOLOGY_DISK_SPEED);
}

static void write_rack(FILE *out, const platform *p, int r, int gateways, int disk_hosts)
{
  const char *rack = p->racks[r].name;
  const platform_node *a, *b;
  fprintf(out, "  <zone id=\"%s\" routing=\"Full\">\n", rack);
  for (int i = -1; i < p->n_workers; i++)
    if ((a = rack_node(p, r, i)))
      write_host(out, p, a);
  for (int i = -1; disk_hosts && i < p->n_workers; i++)
    if ((a = rack_node(p, r, i)))
      write_disk_hosts(out, p, a);
  if (gateways) {
    fprintf(out, "    <host id=\"%s-shuffle\" speed=\"1f\"/>\n", rack);
    fprintf(out, "    <host id=\"%s-shuffle-in\" speed=\"1f\"/>\n", rack);
  }
  fprintf(out, "    <router id=\"%s-switch\"/>\n", rack);
  for (int i = -1; i < p->n_workers; i++)
    if ((a = rack_node(p, r, i))) {
      char id[80];
      snprintf(id, sizeof id, "nic-%s", a->name);
      write_link(out, "    ", id, &platform_node_class(p, a)->nic, "SPLITDUPLEX");
    }
  if (gateways)
    write_gateway(out, p, r);
  for (int i = -1; i < p->n_workers; i++) {
    if (!(a = rack_node(p, r, i)))
      continue;
    fprintf(out, "    <route src=\"%s\" dst=\"%s-switch\"><link_ctn id=\"nic-%s\" direction=\"UP\"/></route>\n",
            a->name, rack, a->name);
    for (int j = i + 1; j < p->n_workers; j++)
      if ((b = rack_node(p, r, j)))
        fprintf(out,
                "    <route src=\"%s\" dst=\"%s\"><link_ctn id=\"nic-%s\" direction=\"UP\"/>"
                "<link_ctn id=\"nic-%s\" direction=\"DOWN\"/></route>\n",
                a->name, b->name, a->name, b->name);
  }
  fprintf(out, "  </zone>\n");
}

void topology_write_xml(const platform *p, int gateways, int disk_hosts, FILE *out)
{
  fprintf(out,
          "<?xml version='1.0'?>\n"
          "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
          "<!-- written by mrlab from the platform \"%s\" -->\n"
          "<platform version=\"4.1\">\n",
          p->name);
  fprintf(out, "<zone id=\"%s\" routing=\"Full\">\n", p->name);
  for (int r = 0; r < p->n_racks; r++)
    write_rack(out, p, r, gateways, disk_hosts);
  write_link(out, "  ", "core", &p->core, "SHARED");
  for (int r = 0; r < p->n_racks; r++) {
    char id[80];
    snprintf(id, sizeof id, "uplink-%s", p->racks[r].name);
    write_link(out, "  ", id, &p->racks[r].uplink, "SPLITDUPLEX");
  }
  for (int a = 0; a < p->n_racks; a++)
    for (int b = a + 1; b < p->n_racks; b++) {
      const char *ra = p->racks[a].name, *rb = p->racks[b].name;
      fprintf(out,
              "  <zoneRoute src=\"%s\" dst=\"%s\" gw_src=\"%s-switch\" gw_dst=\"%s-switch\">"
              "<link_ctn id=\"uplink-%s\" direction=\"UP\"/><link_ctn id=\"core\"/>"
              "<link_ctn id=\"uplink-%s\" direction=\"DOWN\"/></zoneRoute>\n",
              ra, rb, ra, rb, ra, rb);
    }
  fprintf(out, "</zone>\n</platform>\n");
}
