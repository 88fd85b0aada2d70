/* rundir.c - the fuzz harness of a run directory's CSVs: csv_read on the
 * input, then profile_read (what `mrlab predict` reads) on two run
 * directories, one holding the input as jobs.csv beside a good tasks.csv,
 * the other the input as tasks.csv beside a good jobs.csv; and explain_run
 * (`mrlab explain`) on two more, the input as explain.csv beside a good
 * jobs.csv and as jobs.csv beside a good explain.csv.  The good files are
 * a one-map, one-reduce job's, in the columns report.c writes. */
#include "fuzz.h"

#include "csv.h"
#include "explain.h"
#include "profile.h"

#include <stdio.h>
#include <string.h>

static const char jobs_csv[] =
    "job,submit,start,map_phase_end,end,maps,reduces,map_slots,reduce_slots,input_bytes,map_output_bytes,"
    "shuffle_bytes,output_bytes\n"
    "j,0,0.5,10,20,1,1,4,2,1000,1000,1000,1000\n";
static const char tasks_csv[] = "job,task,kind,attempt,status,start,end,sort_end\n"
                                "j,0,map,0,SUCCEEDED,0.5,10,10\n"
                                "j,0,reduce,0,SUCCEEDED,1,20,15\n";
static const char explain_jobs_csv[] = "job,submit,end,after\n"
                                       "j,0,20,\n";
static const char explain_csv[] = "job,order,kind,what,task,attempt,host,start,end,seconds,limit,resource,utilisation\n"
                                  "j,1,stage,map,m000000,0,h,0,10,10,cpu,cores of h,0.9\n"
                                  "j,2,stage,reduce,r000000,0,h,10,20,10,network,nic-h_UP,1\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024] = "";
  csv_table *t = csv_read(fuzz_write("input.csv", data, size), err, sizeof err);
  if (!t)
    fuzz_check_error("csv_read", err);
  if (t)
    csv_column(t, "job");
  csv_free(t);

  fuzz_write("a/jobs.csv", data, size);
  fuzz_write("a/tasks.csv", (const uint8_t *)tasks_csv, strlen(tasks_csv));
  fuzz_write("b/jobs.csv", (const uint8_t *)jobs_csv, strlen(jobs_csv));
  fuzz_write("b/tasks.csv", data, size);
  for (char sub = 'a'; sub <= 'b'; sub++) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%c", fuzz_dir(), sub);
    job_profile p;
    err[0] = '\0';
    if (profile_read(dir, NULL, &p, err, sizeof err))
      fuzz_check_error("profile_read", err);
    profile_free(&p, 1);
  }

  fuzz_write("c/explain.csv", data, size);
  fuzz_write("c/jobs.csv", (const uint8_t *)explain_jobs_csv, strlen(explain_jobs_csv));
  fuzz_write("d/explain.csv", (const uint8_t *)explain_csv, strlen(explain_csv));
  fuzz_write("d/jobs.csv", data, size);
  FILE *out = fopen("/dev/null", "w");
  for (char sub = 'c'; sub <= 'd' && out; sub++) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%c", fuzz_dir(), sub);
    err[0] = '\0';
    if (explain_run(dir, NULL, out, err, sizeof err))
      fuzz_check_error("explain_run", err);
  }
  if (out)
    fclose(out);
  return 0;
}
