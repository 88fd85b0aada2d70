/* usage_test.c - command lines of the wrong shape (cli/mrlab.c): each
 * command answers with one line on stderr that says what is wrong and
 * where its usage is, exit status 2, and not its whole usage text. */
#include "test.h"

#include <string.h>

static void one_line_and_where_to_look(void **state)
{
  (void)state;
  static const struct {
    const char *args[4], *says;
  } cases[] = {
      {{"run", "--no-such", NULL}, "mrlab: unknown option --no-such; try 'mrlab run --help'\n"},
      {{"run", "a.cfg", NULL}, "mrlab: expected PLATFORM.cfg and WORKLOAD.cfg; try 'mrlab run --help'\n"},
      {{"platform", "--no-such", NULL}, "try 'mrlab platform --help'\n"},
      {{"predict", "--no-such", NULL}, "try 'mrlab predict --help'\n"},
      {{"provision", "--no-such", NULL}, "try 'mrlab provision --help'\n"},
      {{"validate", "--no-such", NULL}, "try 'mrlab validate --help'\n"},
      {{"compare", "--no-such", NULL}, "try 'mrlab compare --help'\n"},
      {{"ratios", "--no-such", NULL}, "try 'mrlab ratios --help'\n"},
      {{"plot", "--no-such", NULL}, "try 'mrlab plot --help'\n"},
      {{"report", "--no-such", NULL}, "try 'mrlab report --help'\n"},
      {{"import", "--no-such", NULL}, "try 'mrlab import --help'\n"},
      {{"no-such-command", NULL}, "mrlab: unknown command no-such-command; try 'mrlab --help'\n"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    test_run r;
    test_run_mrlab(&r, test_tmpdir(), cases[i].args);
    size_t n = strlen(r.err), m = strlen(cases[i].says);
    int newlines = 0;
    for (const char *s = r.err; *s; s++)
      newlines += *s == '\n';
    if (r.status != 2 || newlines != 1 || n < m || strcmp(r.err + n - m, cases[i].says))
      fail_msg("mrlab %s %s: status %d, stderr \"%s\": expected 2 and one line ending \"%s\"", cases[i].args[0],
               cases[i].args[1] ? cases[i].args[1] : "", r.status, r.err, cases[i].says);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(one_line_and_where_to_look),
  };
  TEST_MAIN(tests);
}
