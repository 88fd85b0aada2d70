/* topology_test.c - the SimGrid platform a file becomes has the file's hosts,
 * disks and links, and routes through NICs, rack uplinks and the core.
 *
 * The XML comes from `mrlab platform hetero16.cfg --xml`, as a user would
 * get it, and is loaded here into SimGrid; what SimGrid then holds is
 * compared, host by host and route by route, with the parsed file. */
#include "platform.h"
#include "test.h"

#include <simgrid/disk.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <xbt/dynar.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static platform *plat;

/* The node named NAME: a worker or the master. */
static const platform_node *node_named(const char *name)
{
  for (int i = 0; i < plat->n_workers; i++)
    if (strcmp(plat->workers[i].name, name) == 0)
      return &plat->workers[i];
  return strcmp(name, "master") == 0 ? &plat->master : NULL;
}

static void hosts_match_the_file(void **state)
{
  (void)state;
  assert_int_equal(sg_host_count(), plat->n_workers + 1);
  sg_host_t *hosts = sg_host_list();
  for (size_t h = 0; h < sg_host_count(); h++) {
    const platform_node *n = node_named(sg_host_get_name(hosts[h]));
    assert_non_null(n);
    const platform_class *c = platform_node_class(plat, n);
    assert_true(sg_host_get_speed(hosts[h]) == c->speed);
    assert_int_equal(sg_host_core_count(hosts[h]), c->cores);
    assert_string_equal(sg_host_get_property_value(hosts[h], "class"), c->name);
    unsigned int n_disks;
    sg_disk_t *disks;
    sg_host_get_disks(hosts[h], &n_disks, &disks);
    assert_int_equal(n_disks, c->n_disks);
    for (unsigned d = 0; d < n_disks; d++) {
      assert_true(sg_disk_read_bandwidth(disks[d]) == c->disks[d].read_bw);
      assert_true(sg_disk_write_bandwidth(disks[d]) == c->disks[d].write_bw);
    }
    free(disks);
  }
  free(hosts);
}

/* The links a flow from A to B must cross, by name. */
static int expected_route(const platform_node *a, const platform_node *b, char names[5][80])
{
  int n = 0;
  snprintf(names[n++], 80, "nic-%s_UP", a->name);
  if (a->rack != b->rack) {
    snprintf(names[n++], 80, "uplink-%s_UP", plat->racks[a->rack].name);
    snprintf(names[n++], 80, "core");
    snprintf(names[n++], 80, "uplink-%s_DOWN", plat->racks[b->rack].name);
  }
  snprintf(names[n++], 80, "nic-%s_DOWN", b->name);
  return n;
}

static void routes_cross_nics_uplinks_and_core(void **state)
{
  (void)state;
  sg_host_t *hosts = sg_host_list();
  for (size_t i = 0; i < sg_host_count(); i++)
    for (size_t j = 0; j < sg_host_count(); j++) {
      if (i == j)
        continue;
      const platform_node *a = node_named(sg_host_get_name(hosts[i]));
      const platform_node *b = node_named(sg_host_get_name(hosts[j]));
      char names[5][80];
      int n = expected_route(a, b, names);
      xbt_dynar_t links = xbt_dynar_new(sizeof(sg_link_t), NULL);
      sg_host_get_route(hosts[i], hosts[j], links);
      assert_int_equal(xbt_dynar_length(links), n);
      double latency = 0, bandwidth = INFINITY;
      for (int k = 0; k < n; k++) {
        sg_link_t l = xbt_dynar_get_as(links, (unsigned long)k, sg_link_t);
        assert_string_equal(sg_link_get_name(l), names[k]);
        latency += sg_link_get_latency(l);
        bandwidth = fmin(bandwidth, sg_link_get_bandwidth(l));
      }
      xbt_dynar_free(&links);
      /* each NIC 50 us; across racks also two 10 us uplinks and the 5 us core */
      assert_close(sg_host_get_route_latency(hosts[i], hosts[j]), latency, 1e-15);
      assert_close(latency, a->rack == b->rack ? 100e-6 : 125e-6, 1e-15);
      assert_true(sg_host_get_route_bandwidth(hosts[i], hosts[j]) == bandwidth);
    }
  free(hosts);
}

static void links_have_the_file_bandwidths(void **state)
{
  (void)state;
  assert_true(sg_link_get_bandwidth(sg_link_by_name("core")) == plat->core.bandwidth);
  for (int r = 0; r < plat->n_racks; r++) {
    char name[80];
    snprintf(name, sizeof name, "uplink-%s_UP", plat->racks[r].name);
    assert_true(sg_link_get_bandwidth(sg_link_by_name(name)) == plat->racks[r].uplink.bandwidth);
    assert_true(sg_link_get_latency(sg_link_by_name(name)) == plat->racks[r].uplink.latency);
  }
  assert_true(sg_link_get_bandwidth(sg_link_by_name("nic-slow-6_DOWN")) == 125e6);
}

/* Each shipped platform loads through `mrlab platform` with all its hosts. */
static void every_shipped_platform_loads(void **state)
{
  (void)state;
  const char *names[] = {"toy4", "hetero16", "xie5", "shilu11", "scale1000"};
  const int hosts[] = {5, 17, 6, 11, 1001};
  for (int i = 0; i < 5; i++) {
    char rel[64], want[64];
    snprintf(rel, sizeof rel, "platforms/%s.cfg", names[i]);
    snprintf(want, sizeof want, "SimGrid loaded it: %d hosts", hosts[i]);
    test_run r;
    test_run_mrlab(&r, NULL, (const char *[]){"platform", test_source_path(rel), NULL});
    assert_int_equal(r.status, 0);
    if (!strstr(r.out, want))
      fail_msg("%s: expected \"%s\" in:\n%s", names[i], want, r.out);
  }
}

int main(int argc, char **argv)
{
  char err[1024];
  plat = platform_read(test_source_path("platforms/hetero16.cfg"), err, sizeof err);
  if (!plat) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  test_run r;
  test_run_mrlab(&r, NULL, (const char *[]){"platform", test_source_path("platforms/hetero16.cfg"), "--xml", NULL});
  char xml[] = "/tmp/mrlab-test-XXXXXX.xml";
  int fd = mkstemps(xml, 4);
  FILE *f = fdopen(fd, "w");
  fputs(r.out, f);
  fclose(f);
  simgrid_init(&argc, argv);
  simgrid_load_platform(xml);
  unlink(xml);

  const struct CMUnitTest tests[] = {
      cmocka_unit_test(hosts_match_the_file),
      cmocka_unit_test(routes_cross_nics_uplinks_and_core),
      cmocka_unit_test(links_have_the_file_bandwidths),
      cmocka_unit_test(every_shipped_platform_loads),
  };
  cmocka_set_message_output(CM_OUTPUT_TAP);
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  platform_free(plat);
  return failed;
}
