/* platform_test.c - the shipped platform files read as they say, and the
 * summary adds up their resources. */
#include "platform.h"
#include "test.h"

#include <string.h>

static int workers_in_rack(const platform *p, int rack)
{
  int n = 0;
  for (int i = 0; i < p->n_workers; i++)
    n += p->workers[i].rack == rack;
  return n;
}

static void toy4_is_four_identical_workers(void **state)
{
  (void)state;
  platform *p = test_read_platform("toy4");
  assert_int_equal(p->n_workers, 4);
  assert_int_equal(p->n_classes, 1);
  assert_int_equal(p->n_racks, 1);
  assert_string_equal(p->workers[3].name, "worker-4");
  assert_string_equal(p->master.name, "master");
  assert_int_equal(p->racks[0].n_nodes, 5); /* the master too */
  assert_true(p->classes[0].speed == 2.5e9);
  assert_true(p->classes[0].nic.bandwidth == 125e6);
  assert_close(p->classes[0].nic.latency, 50e-6, 1e-18);
  platform_free(p);
}

static void hetero16_is_two_racks_of_three_classes(void **state)
{
  (void)state;
  platform *p = test_read_platform("hetero16");
  assert_int_equal(p->n_workers, 16);
  assert_int_equal(p->n_racks, 2);
  assert_int_equal(p->n_classes, 3);
  assert_int_equal(workers_in_rack(p, 0), 8);
  assert_int_equal(workers_in_rack(p, 1), 8);
  double fastest = 0, slowest = 1e30, fast_disk = 0, slow_disk = 1e30;
  for (int c = 0; c < p->n_classes; c++) {
    const platform_class *k = &p->classes[c];
    fastest = fmax(fastest, k->speed);
    slowest = fmin(slowest, k->speed);
    fast_disk = fmax(fast_disk, k->disks[0].read_bw);
    slow_disk = fmin(slow_disk, k->disks[0].read_bw);
  }
  assert_close(fastest / slowest, 3, 1e-12);
  assert_close(fast_disk / slow_disk, 2, 1e-12);
  /* fast nodes have two disks, each with its own bandwidths */
  assert_int_equal(p->classes[0].n_disks, 2);
  platform_free(p);
}

static void xie5_is_one_fast_one_medium_three_slow(void **state)
{
  (void)state;
  platform *p = test_read_platform("xie5");
  assert_int_equal(p->n_workers, 5);
  assert_int_equal(p->n_classes, 3);
  int counts[3] = {0};
  for (int i = 0; i < p->n_workers; i++)
    counts[p->workers[i].cls]++;
  assert_int_equal(counts[0], 1);
  assert_int_equal(counts[1], 1);
  assert_int_equal(counts[2], 3);
  /* CPU-bound node throughput runs 1 : 2 : 5, Xie's WordCount computing ratios */
  double node[3];
  for (int c = 0; c < 3; c++)
    node[c] = p->classes[c].cores * p->classes[c].speed;
  assert_close(node[0] / node[1], 2, 1e-12);
  assert_close(node[0] / node[2], 5, 1e-12);
  platform_free(p);
}

static void shilu11_is_one_master_and_ten_servers(void **state)
{
  (void)state;
  platform *p = test_read_platform("shilu11");
  assert_int_equal(p->n_workers, 10);
  assert_int_equal(p->racks[0].n_nodes, 11);
  const platform_class *k = &p->classes[p->master.cls];
  assert_int_equal(k->cores, 6);
  assert_int_equal(k->n_disks, 2);
  assert_true(k->memory == 32e9);
  assert_true(k->nic.bandwidth == 125e6);
  assert_true(k->speed == 2.4e9);
  platform_free(p);
}

static void scale1000_is_25_racks_of_40(void **state)
{
  (void)state;
  platform *p = test_read_platform("scale1000");
  assert_int_equal(p->n_workers, 1000);
  assert_int_equal(p->n_racks, 25);
  for (int r = 0; r < p->n_racks; r++)
    assert_int_equal(workers_in_rack(p, r), 40);
  platform_free(p);
}

static void summary_adds_up_each_rack(void **state)
{
  (void)state;
  platform *p = test_read_platform("hetero16");
  char buf[8192];
  FILE *out = fmemopen(buf, sizeof buf, "w");
  platform_print_summary(p, out);
  fclose(out);
  /* rack1 holds 2 fast (8 x 3 Gf, 2 x 200 MBps), 3 medium (4 x 2 Gf,
   * 150 MBps) and 3 slow (4 x 1 Gf, 100 MBps) nodes: 40 cores, 84 Gf,
   * 1.55 GBps of disk reads, 8 Gbps of NICs behind a 4 Gbps uplink. */
  const char *row = strstr(buf, "\nrack1 ");
  assert_non_null(row);
  int nodes, cores;
  char flops[16], rd[16], wr[16], nic[16], up[16], u[5][8];
  assert_int_equal(sscanf(row, " rack1 %d %d %15s %7s %15s %7s %15s %7s %15s %7s %15s %7s", &nodes, &cores, flops, u[0],
                          rd, u[1], wr, u[2], nic, u[3], up, u[4]),
                   12);
  assert_int_equal(nodes, 8);
  assert_int_equal(cores, 40);
  assert_string_equal(flops, "84");
  assert_string_equal(rd, "1.55");
  assert_string_equal(u[1], "GBps");
  assert_string_equal(nic, "1");
  assert_string_equal(u[3], "GBps");
  assert_string_equal(up, "500");
  assert_string_equal(u[4], "MBps");
  platform_free(p);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(toy4_is_four_identical_workers),
      cmocka_unit_test(hetero16_is_two_racks_of_three_classes),
      cmocka_unit_test(xie5_is_one_fast_one_medium_three_slow),
      cmocka_unit_test(shilu11_is_one_master_and_ten_servers),
      cmocka_unit_test(scale1000_is_25_racks_of_40),
      cmocka_unit_test(summary_adds_up_each_rack),
  };
  TEST_MAIN(tests);
}
