/* zones.cpp - topology_load (topology.h): the platform built through
 * SimGrid's S4U API, zone by zone, rather than written as XML and parsed.
 *
 * It makes the same calls, in the same order, as SimGrid 3.32's XML parser
 * makes for the document topology_write_xml prints (a host's disks sealed as
 * each is made, then its properties, then the host sealed; each link sealed
 * once its latency is set; a route symmetrical; on_platform_created fired at
 * the end), so that every host, link and route gets the ids and the order
 * it had through XML, and a run's outputs stay byte for byte those of the
 * XML platform.  `mrlab platform --xml` still prints that document. */
#include "topology.h"

#include <simgrid/s4u/Disk.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

namespace sg4 = simgrid::s4u;
using Direction = sg4::LinkInRoute::Direction;
using NetPoint = simgrid::kernel::routing::NetPoint;

namespace {
/* Node I of P (-1: the master) if it sits in rack R, else NULL. */
const platform_node *rack_node(const platform *p, int r, int i)
{
  const platform_node *n = i < 0 ? &p->master : &p->workers[i];
  return n->rack == r ? n : nullptr;
}

/* A number as the XML carries it (17 significant digits), for a property. */
std::string number(double v)
{
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

/* A link of Z named ID with L's bandwidth and latency: split-duplex (a direction each way) or shared by both. */
sg4::Link *make_link(sg4::NetZone *z, const std::string &id, const platform_link *l, bool split)
{
  sg4::Link *link;
  if (split) {
    link = z->create_split_duplex_link(id, l->bandwidth);
  } else {
    link = z->create_link(id, l->bandwidth);
    link->set_sharing_policy(sg4::Link::SharingPolicy::SHARED);
  }
  return link->set_latency(l->latency)->seal();
}

/* Node N of P as a host of Z: its cores, its disks, its class and memory as properties. */
void make_host(sg4::NetZone *z, const platform *p, const platform_node *n)
{
  const platform_class *c = platform_node_class(p, n);
  sg4::Host *h = z->create_host(n->name, c->speed)->set_core_count(c->cores);
  for (int d = 0; d < c->n_disks; d++)
    h->create_disk("disk" + std::to_string(d), c->disks[d].read_bw, c->disks[d].write_bw)->seal();
  h->set_properties({{"class", c->name}, {"memory", number(c->memory)}});
  h->seal();
}

/* The shuffle gateways of rack R in Z (topology.h), their links and routes. */
void make_gateway(sg4::NetZone *z, const platform *p, int r, NetPoint *sw)
{
  const std::string rack = p->racks[r].name;
  platform_link nic = {0, 0};
  for (int i = 0; i < p->n_workers; i++)
    if (p->workers[i].rack == r) {
      const platform_link *l = &platform_node_class(p, &p->workers[i])->nic;
      nic.bandwidth += l->bandwidth;
      nic.latency = std::fmax(nic.latency, l->latency);
    }
  const sg4::Link *out = make_link(z, "nic-" + rack + "-shuffle", &nic, true);
  const sg4::Link *in = make_link(z, "nic-" + rack + "-shuffle-in", &nic, true);
  auto *e = sg4::Engine::get_instance();
  NetPoint *gw = e->host_by_name(rack + "-shuffle")->get_netpoint(),
           *gw_in = e->host_by_name(rack + "-shuffle-in")->get_netpoint();
  z->add_route(gw, sw, nullptr, nullptr, {sg4::LinkInRoute(out, Direction::UP)});
  z->add_route(gw_in, sw, nullptr, nullptr, {sg4::LinkInRoute(in, Direction::UP)});
  z->add_route(gw, gw_in, nullptr, nullptr,
               {sg4::LinkInRoute(out, Direction::UP), sg4::LinkInRoute(in, Direction::DOWN)});
  for (int i = -1; i < p->n_workers; i++)
    if (const platform_node *a = rack_node(p, r, i))
      z->add_route(gw, e->host_by_name(a->name)->get_netpoint(), nullptr, nullptr,
                   {sg4::LinkInRoute(out, Direction::UP),
                    sg4::LinkInRoute(e->split_duplex_link_by_name(std::string("nic-") + a->name), Direction::DOWN)});
}

/* Rack R of P as a Full zone under ROOT: hosts, disk hosts, gateways, its switch, NICs and routes.  Its switch
 * into *SW. */
sg4::NetZone *make_rack(sg4::NetZone *root, const platform *p, int r, int gateways, int disk_hosts, NetPoint **sw)
{
  const std::string rack = p->racks[r].name;
  sg4::NetZone *z = sg4::create_full_zone(rack)->set_parent(root);
  const platform_node *a, *b;
  for (int i = -1; i < p->n_workers; i++)
    if ((a = rack_node(p, r, i)))
      make_host(z, p, a);
  for (int i = -1; disk_hosts && i < p->n_workers; i++)
    if ((a = rack_node(p, r, i)))
      for (int d = 0; d < platform_node_class(p, a)->n_disks; d++)
        z->create_host(std::string(a->name) + "/disk" + std::to_string(d), TOPOLOGY_DISK_SPEED)
            ->set_core_count(1)
            ->seal();
  if (gateways) {
    z->create_host(rack + "-shuffle", 1)->seal();
    z->create_host(rack + "-shuffle-in", 1)->seal();
  }
  *sw = z->create_router(rack + "-switch");
  std::vector<const sg4::Link *> nic(p->n_workers + 1); /* [i + 1]: node i's, the master's first */
  for (int i = -1; i < p->n_workers; i++)
    if ((a = rack_node(p, r, i)))
      nic[i + 1] = make_link(z, std::string("nic-") + a->name, &platform_node_class(p, a)->nic, true);
  if (gateways)
    make_gateway(z, p, r, *sw);
  auto *e = sg4::Engine::get_instance();
  for (int i = -1; i < p->n_workers; i++) {
    if (!(a = rack_node(p, r, i)))
      continue;
    NetPoint *from = e->host_by_name(a->name)->get_netpoint();
    z->add_route(from, *sw, nullptr, nullptr, {sg4::LinkInRoute(nic[i + 1], Direction::UP)});
    for (int j = i + 1; j < p->n_workers; j++)
      if ((b = rack_node(p, r, j)))
        z->add_route(from, e->host_by_name(b->name)->get_netpoint(), nullptr, nullptr,
                     {sg4::LinkInRoute(nic[i + 1], Direction::UP), sg4::LinkInRoute(nic[j + 1], Direction::DOWN)});
  }
  return z;
}
} // namespace

extern "C" int topology_load(const platform *p, int gateways, int disk_hosts, char *err, size_t errlen)
{
  (void)err, (void)errlen; /* nothing here can fail but what SimGrid asserts */
  sg4::NetZone *root = sg4::create_full_zone(p->name);
  std::vector<sg4::NetZone *> racks(p->n_racks);
  std::vector<NetPoint *> switches(p->n_racks);
  for (int r = 0; r < p->n_racks; r++)
    racks[r] = make_rack(root, p, r, gateways, disk_hosts, &switches[r]);
  const sg4::Link *core = make_link(root, "core", &p->core, false);
  std::vector<const sg4::Link *> uplinks(p->n_racks);
  for (int r = 0; r < p->n_racks; r++)
    uplinks[r] = make_link(root, std::string("uplink-") + p->racks[r].name, &p->racks[r].uplink, true);
  for (int a = 0; a < p->n_racks; a++)
    for (int b = a + 1; b < p->n_racks; b++)
      root->add_route(racks[a]->get_netpoint(), racks[b]->get_netpoint(), switches[a], switches[b],
                      {sg4::LinkInRoute(uplinks[a], Direction::UP), sg4::LinkInRoute(core),
                       sg4::LinkInRoute(uplinks[b], Direction::DOWN)});
  sg4::Engine::on_platform_created(); /* as the XML parser fires it at </platform> */
  return 0;
}
