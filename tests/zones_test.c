/* zones_test.c - the platform a run builds through SimGrid's API
 * (topology_load, zones.cpp) is the one SimGrid makes of the XML that
 * `mrlab platform --xml` prints (topology_write_xml): the same hosts with
 * their speeds, cores, properties and disks, the same links with their
 * bandwidths, latencies and sharing, and the same route, link by link,
 * between every two nodes; with and without the rack gateways and the
 * disks as hosts (mrlab.disk.lazy).  Each platform is loaded in a child
 * process of its own (SimGrid holds one platform a process), which writes
 * what SimGrid holds to a file; the two files must be the same. */
#include "platform.h"
#include "test.h"
#include "topology.h"

#include <simgrid/disk.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <xbt/dynar.h>

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Writes to OUT the route from A to B: its latency and its links. */
static void describe_route(sg_host_t a, sg_host_t b, FILE *out)
{
  xbt_dynar_t route = xbt_dynar_new(sizeof(sg_link_t), NULL);
  sg_host_get_route(a, b, route);
  fprintf(out, "route %s %s %.17g:", sg_host_get_name(a), sg_host_get_name(b), sg_host_get_route_latency(a, b));
  for (unsigned long k = 0; k < xbt_dynar_length(route); k++)
    fprintf(out, " %s", sg_link_get_name(xbt_dynar_get_as(route, k, sg_link_t)));
  fputc('\n', out);
  xbt_dynar_free(&route);
}

/* Writes to OUT what SimGrid holds of P's platform: hosts, links, the routes between P's nodes and, with
 * gateways, from each rack's gateway to its receiving side and to the rack's nodes. */
static void describe(const platform *p, FILE *out)
{
  sg_host_t *hosts = sg_host_list();
  for (size_t h = 0; h < sg_host_count(); h++) {
    const char *cls = sg_host_get_property_value(hosts[h], "class"),
               *memory = sg_host_get_property_value(hosts[h], "memory");
    fprintf(out, "host %s %.17g %d %s %s", sg_host_get_name(hosts[h]), sg_host_get_speed(hosts[h]),
            sg_host_core_count(hosts[h]), cls ? cls : "-", memory ? memory : "-");
    unsigned int n;
    sg_disk_t *disks;
    sg_host_get_disks(hosts[h], &n, &disks);
    for (unsigned d = 0; d < n; d++)
      fprintf(out, " %s %.17g %.17g", sg_disk_get_name(disks[d]), sg_disk_read_bandwidth(disks[d]),
              sg_disk_write_bandwidth(disks[d]));
    free(disks);
    fputc('\n', out);
  }
  free(hosts);
  sg_link_t *links = sg_link_list();
  for (size_t l = 0; l < sg_link_count(); l++)
    fprintf(out, "link %s %.17g %.17g %d\n", sg_link_get_name(links[l]), sg_link_get_bandwidth(links[l]),
            sg_link_get_latency(links[l]), sg_link_is_shared(links[l]));
  free(links);
  for (int i = -1; i < p->n_workers; i++)
    for (int j = -1; j < p->n_workers; j++) {
      sg_host_t a = sg_host_by_name(i < 0 ? p->master.name : p->workers[i].name),
                b = sg_host_by_name(j < 0 ? p->master.name : p->workers[j].name);
      if (a != b)
        describe_route(a, b, out);
    }
  for (int r = 0; r < p->n_racks; r++) {
    char name[256];
    snprintf(name, sizeof name, "%s-shuffle", p->racks[r].name);
    sg_host_t gw = sg_host_by_name(name);
    if (!gw)
      continue;
    snprintf(name, sizeof name, "%s-shuffle-in", p->racks[r].name);
    describe_route(gw, sg_host_by_name(name), out);
    for (int i = -1; i < p->n_workers; i++) {
      const platform_node *n = i < 0 ? &p->master : &p->workers[i];
      if (n->rack == r)
        describe_route(gw, sg_host_by_name(n->name), out);
    }
  }
}

/* In a child process: P loaded into SimGrid (through the XML when XML, else topology_load) and described into
 * DIR/NAME.  Fails the test unless the child succeeds. */
static void load_in_child(const platform *p, int gateways, int disk_hosts, int xml, const char *dir, const char *name)
{
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    char path[4096], err[256];
    int argc = 1;
    char *argv[] = {"zones", NULL};
    simgrid_init(&argc, argv);
    if (xml) {
      snprintf(path, sizeof path, "%s/%s.xml", dir, name);
      FILE *f = fopen(path, "w");
      topology_write_xml(p, gateways, disk_hosts, f);
      fclose(f);
      simgrid_load_platform(path);
    } else if (topology_load(p, gateways, disk_hosts, err, sizeof err)) {
      _exit(1);
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *out = fopen(path, "w");
    describe(p, out);
    _exit(fclose(out) != 0);
  }
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void the_built_platform_is_the_printed_one(void **state)
{
  (void)state;
  static const char *const names[] = {"toy4", "hetero16", "racks16", "xie10", "shilu11-yarn"};
  for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
    char file[256], err[1024];
    snprintf(file, sizeof file, "platforms/%s.cfg", names[k]);
    platform *p = platform_read(test_source_path(file), err, sizeof err);
    assert_non_null(p);
    for (int gateways = 0; gateways < 2; gateways++)
      for (int disk_hosts = 0; disk_hosts < 2; disk_hosts++) {
        const char *dir = test_tmpdir();
        load_in_child(p, gateways, disk_hosts, 1, dir, "xml");
        load_in_child(p, gateways, disk_hosts, 0, dir, "built");
        char xml[4096], built[4096], command[8300];
        snprintf(xml, sizeof xml, "%s/xml", dir);
        snprintf(built, sizeof built, "%s/built", dir);
        snprintf(command, sizeof command, "cmp -s '%s' '%s'", xml, built);
        if (system(command) != 0)
          fail_msg("%s (gateways %d, disk hosts %d): the built platform differs from the XML: diff %s %s", names[k],
                   gateways, disk_hosts, xml, built);
      }
    platform_free(p);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(the_built_platform_is_the_printed_one),
  };
  TEST_MAIN(tests);
}
