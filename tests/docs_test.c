/* docs_test.c - the README and docs/ pages point at what exists.
 *
 * Every relative link and picture in README.md and docs/ must name a
 * file of the source tree, and its #anchor one of the target page's
 * headings as GitHub spells it (lower case, punctuation dropped, spaces as
 * hyphens, "-1", "-2" after a repeated heading).  Every path in backticks
 * that starts with a folder of the tree (`platforms/hetero16.cfg`,
 * `sim/hdfs.c`, `validate/histories/`) must exist, unless a segment is a
 * placeholder in capitals (`fuzz/regressions/READER/`) or it holds a
 * wildcard.  Fenced and indented code is not read: it shows commands and
 * output, not references.  The checker itself is tested on pages written
 * here, so that a checker that accepts everything cannot pass. */
#include "test.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_SLUGS 1024
#define MAX_REL 300 /* a path relative to the tree: "docs/" and a file name */

/* A Markdown page: its path relative to the source tree and its headings' anchors. */
typedef struct {
  char path[MAX_REL];
  char *text;
  int n_slugs;
  char slugs[MAX_SLUGS][128];
} page;

/* GitHub's anchor for the heading TEXT: lower-cased, every character but
 * letters, digits, '-', '_', spaces and non-ASCII bytes dropped, spaces as '-'. */
static void slug(const char *text, size_t n, char *out, size_t size)
{
  size_t k = 0;
  for (size_t i = 0; i < n && k + 1 < size; i++) {
    unsigned char c = (unsigned char)text[i];
    if (c == ' ')
      out[k++] = '-';
    else if (isalnum(c) || c == '-' || c == '_' || c >= 0x80)
      out[k++] = (char)tolower(c);
  }
  out[k] = '\0';
}

/* Whether LINE (up to its end) is a code fence: ``` or ~~~ after at most three spaces. */
static int is_fence(const char *line)
{
  int sp = 0;
  while (line[sp] == ' ' && sp < 4)
    sp++;
  return sp < 4 && (strncmp(line + sp, "```", 3) == 0 || strncmp(line + sp, "~~~", 3) == 0);
}

/* Calls VISIT on each line of TEXT outside code (fenced, or indented four spaces), with its length and number. */
static void prose_lines(const char *text, void (*visit)(void *, const char *, size_t, int), void *arg)
{
  int fenced = 0, number = 0;
  for (const char *p = text; *p;) {
    const char *end = strchr(p, '\n');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    number++;
    if (is_fence(p))
      fenced = !fenced;
    else if (!fenced && strncmp(p, "    ", 4) != 0)
      visit(arg, p, n, number);
    p += n + (end != NULL);
  }
}

static void add_heading(void *arg, const char *line, size_t n, int number)
{
  (void)number;
  page *pg = arg;
  size_t h = 0;
  while (h < n && line[h] == '#')
    h++;
  if (h == 0 || h > 6 || h >= n || line[h] != ' ' || pg->n_slugs == MAX_SLUGS)
    return;
  const char *t = line + h + 1;
  size_t len = n - h - 1;
  while (len > 0 && (t[len - 1] == '#' || t[len - 1] == ' '))
    len--;
  char base[128], s[128];
  slug(t, len, base, sizeof base);
  snprintf(s, sizeof s, "%s", base);
  for (int dup = 1;; dup++) { /* a repeated heading gets -1, -2, ... */
    int seen = 0;
    for (int i = 0; i < pg->n_slugs; i++)
      seen |= strcmp(pg->slugs[i], s) == 0;
    if (!seen)
      break;
    snprintf(s, sizeof s, "%.100s-%d", base, dup);
  }
  snprintf(pg->slugs[pg->n_slugs++], sizeof pg->slugs[0], "%s", s);
}

/* PG with TEXT (which it now owns) and the anchors of its headings. */
static page *page_alloc(const char *path, char *text)
{
  page *pg = calloc(1, sizeof *pg);
  assert_non_null(pg);
  snprintf(pg->path, sizeof pg->path, "%s", path);
  pg->text = text;
  prose_lines(text, add_heading, pg);
  return pg;
}

static void page_free(page *pg)
{
  free(pg->text);
  free(pg);
}

/* The text of ROOT/REL, or NULL if there is none. */
static char *slurp(const char *root, const char *rel)
{
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", root, rel);
  FILE *f = fopen(path, "r");
  if (!f)
    return NULL;
  size_t size = 0, cap = 1 << 16;
  char *text = malloc(cap);
  assert_non_null(text);
  for (size_t got; (got = fread(text + size, 1, cap - size - 1, f)) > 0;) {
    size += got;
    if (cap - size < 2) {
      text = realloc(text, cap *= 2);
      assert_non_null(text);
    }
  }
  fclose(f);
  text[size] = '\0';
  return text;
}

/* What one check of a tree found. */
typedef struct {
  const char *root; /* the source tree */
  const page *pg;   /* the page being read */
  int broken;       /* references that point at nothing */
  int links, paths; /* references checked */
  int quiet;        /* count, without listing */
} check;

static int exists(const char *root, const char *rel, int dir)
{
  char path[1024];
  struct stat st;
  if (snprintf(path, sizeof path, "%s/%s", root, rel) >= (int)sizeof path)
    return 0;
  return stat(path, &st) == 0 && (!dir || S_ISDIR(st.st_mode));
}

/* REL, relative to the folder of the page FROM, as a path from the tree's root with . and .. resolved; 0 if it leaves
 * the tree. */
static int resolve(const char *from, const char *rel, size_t n, char *out, size_t size)
{
  char buf[1024];
  const char *slash = strrchr(from, '/');
  int dir = slash ? (int)(slash - from + 1) : 0;
  snprintf(buf, sizeof buf, "%.*s%.*s", dir, from, (int)n, rel);
  char *parts[64];
  int k = 0;
  for (char *save, *s = strtok_r(buf, "/", &save); s; s = strtok_r(NULL, "/", &save)) {
    if (strcmp(s, ".") == 0)
      continue;
    if (strcmp(s, "..") == 0) {
      if (k == 0)
        return 0;
      k--;
    } else if (k < 64)
      parts[k++] = s;
  }
  out[0] = '\0';
  for (int i = 0; i < k; i++)
    snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? "/" : "", parts[i]);
  return 1;
}

static void report(check *c, int line, const char *what, size_t n, const char *why)
{
  if (!c->quiet)
    print_message("# %s:%d: %.*s: %s\n", c->pg->path, line, (int)n, what, why);
  c->broken++;
}

/* Checks the link target T (N bytes) written on LINE of the page. */
static void check_link(check *c, int line, const char *t, size_t n)
{
  if (n == 0 || strncmp(t, "http://", 7) == 0 || strncmp(t, "https://", 8) == 0 || strncmp(t, "mailto:", 7) == 0)
    return;
  c->links++;
  const char *hash = memchr(t, '#', n);
  size_t file_n = hash ? (size_t)(hash - t) : n;
  char target[1024];
  if (file_n == 0)
    snprintf(target, sizeof target, "%s", c->pg->path);
  else if (!resolve(c->pg->path, t, file_n, target, sizeof target))
    return report(c, line, t, n, "leaves the source tree");
  if (!exists(c->root, target, 0))
    return report(c, line, t, n, "no such file");
  if (!hash)
    return;
  size_t len = strlen(target);
  if (len < 3 || strcmp(target + len - 3, ".md") != 0)
    return report(c, line, t, n, "an anchor into a file that is not Markdown");
  char *text = slurp(c->root, target);
  assert_non_null(text);
  page *to = page_alloc(target, text);
  char anchor[128];
  snprintf(anchor, sizeof anchor, "%.*s", (int)(n - file_n - 1), hash + 1);
  int found = 0;
  for (int i = 0; i < to->n_slugs; i++)
    found |= strcmp(to->slugs[i], anchor) == 0;
  page_free(to);
  if (!found)
    report(c, line, t, n, "no heading has that anchor");
}

/* Whether the backticked span S (N bytes) is a path into the tree worth checking. */
static int is_tree_path(const char *s, size_t n)
{
  static const char *const roots[] = {"cli/",      "common/", "platforms/", "workloads/", "sim/",          "models/",
                                      "validate/", "plots/",  "pool/",      "bench/",     "tests/",        "fuzz/",
                                      "scripts/",  "docs/",   ".ci/",       "README.md",  "CMakeLists.txt"};
  int rooted = 0;
  for (size_t i = 0; i < sizeof roots / sizeof roots[0]; i++)
    rooted |= n >= strlen(roots[i]) && strncmp(s, roots[i], strlen(roots[i])) == 0;
  if (!rooted)
    return 0;
  for (size_t i = 0; i < n; i++)
    if (!isalnum((unsigned char)s[i]) && !strchr("_.+/-", s[i]))
      return 0;                /* a command line, a wildcard, a placeholder such as <x> */
  for (size_t i = 0; i < n;) { /* a segment in capitals is a placeholder: fuzz/regressions/READER/ */
    size_t j = i;
    int caps = 1;
    while (j < n && s[j] != '/')
      caps &= isupper((unsigned char)s[j]) || s[j] == '_', j++;
    if (j > i && caps)
      return 0;
    i = j + 1;
  }
  return 1;
}

static void check_line(void *arg, const char *line, size_t n, int number)
{
  check *c = arg;
  for (size_t i = 0; i < n; i++) {
    if (line[i] == '`') { /* a code span: a path to check, never a link */
      size_t ticks = 0;
      while (i + ticks < n && line[i + ticks] == '`')
        ticks++;
      size_t start = i + ticks, end = start;
      while (end < n && !(line[end] == '`' && (ticks == 1 || strncmp(line + end, "``", 2) == 0)))
        end++;
      if (end >= n)
        return;
      if (ticks == 1 && is_tree_path(line + start, end - start)) {
        char rel[1024];
        c->paths++;
        int dir = line[end - 1] == '/';
        snprintf(rel, sizeof rel, "%.*s", (int)(end - start - dir), line + start);
        if (!exists(c->root, rel, dir))
          report(c, number, line + start, end - start, "no such path in the source tree");
      }
      i = end + ticks - 1;
    } else if (line[i] == ']' && i + 1 < n && line[i + 1] == '(') {
      const char *t = line + i + 2;
      const char *close = memchr(t, ')', n - (i + 2));
      if (!close)
        continue;
      check_link(c, number, t, (size_t)(close - t));
      i = (size_t)(close - line);
    }
  }
}

/* Checks the page REL of the tree ROOT into C. */
static void check_page(check *c, const char *rel)
{
  char *text = slurp(c->root, rel);
  if (!text) {
    print_message("# %s: missing\n", rel);
    c->broken++;
    return;
  }
  page *pg = page_alloc(rel, text);
  c->pg = pg;
  prose_lines(pg->text, check_line, c);
  page_free(pg);
}

static int by_name(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Checks README.md and every Markdown page in docs/ of ROOT, listing what is broken unless QUIET. */
static check check_tree(const char *root, int quiet)
{
  check c = {.root = root, .quiet = quiet};
  check_page(&c, "README.md");
  char dir[1024], *names[256];
  int n = 0;
  snprintf(dir, sizeof dir, "%s/docs", root);
  DIR *d = opendir(dir);
  if (d) {
    for (struct dirent *e; (e = readdir(d)) && n < 256;) {
      size_t len = strlen(e->d_name);
      if (len > 3 && strcmp(e->d_name + len - 3, ".md") == 0)
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
  }
  qsort(names, (size_t)n, sizeof names[0], by_name);
  for (int i = 0; i < n; i++) {
    char rel[MAX_REL];
    snprintf(rel, sizeof rel, "docs/%s", names[i]);
    check_page(&c, rel);
    free(names[i]);
  }
  return c;
}

/* The shipped README and docs: every reference resolves. */
static void shipped_docs_resolve(void **state)
{
  (void)state;
  const char *root = test_source_path("");
  check c = check_tree(root, 0);
  print_message("# %d links and %d paths checked\n", c.links, c.paths);
  assert_true(c.links > 100); /* the README's table of contents and map alone hold dozens */
  assert_true(c.paths > 100);
  if (c.broken)
    fail_msg("%d references in README.md or docs/ point at nothing (listed above)", c.broken);
}

/* GitHub's anchors, as the headings of these pages need them. */
static void anchors_as_github_writes_them(void **state)
{
  (void)state;
  static const struct {
    const char *heading, *anchor;
  } cases[] = {
      {"Does a strategy pay off? `mrlab compare`", "does-a-strategy-pay-off-mrlab-compare"},
      {"Xie's strategies, published against simulated", "xies-strategies-published-against-simulated"},
      {"1 TiB in a minute, with the coarse shuffle", "1-tib-in-a-minute-with-the-coarse-shuffle"},
      {"The job models on `validate/job-models.cfg`", "the-job-models-on-validatejob-modelscfg"},
      {"Install", "install"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char s[128];
    slug(cases[i].heading, strlen(cases[i].heading), s, sizeof s);
    assert_string_equal(s, cases[i].anchor);
  }
}

/* A tree written here: the checker finds each kind of broken reference, and nothing in code. */
static void broken_references_are_found(void **state)
{
  (void)state;
  const char *root = test_tmpdir();
  char docs[1024];
  snprintf(docs, sizeof docs, "%s/docs", root);
  assert_int_equal(mkdir(docs, 0755), 0);
  test_write_file(root, "README.md",
                  "# Top\n\n## Same\n\n## Same\n\n"
                  "[ok](docs/a.md#part-two) [ok](#same-1) [ok](docs/a.md) ![pic](docs/a.md)\n"
                  "[gone](docs/b.md) [bad anchor](docs/a.md#part-three) [here](#nowhere) [out](../x.md)\n"
                  "`docs/a.md` `sim/nothing.c` `fuzz/regressions/READER/` `models/*.c` `run/tasks.csv`\n"
                  "```\n[fenced](nothing.md) `sim/fenced.c`\n```\n"
                  "    [indented](nothing.md)\n");
  test_write_file(docs, "a.md", "# Part one\n\n## Part two\n\n[back](../README.md#top) [web](https://simgrid.org)\n");
  check c = check_tree(root, 1);
  assert_int_equal(c.links, 9);
  assert_int_equal(c.paths, 2);
  assert_int_equal(c.broken, 5); /* b.md, #part-three, #nowhere, ../x.md, sim/nothing.c */
}

int main(void)
{
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(anchors_as_github_writes_them),
      cmocka_unit_test(broken_references_are_found),
      cmocka_unit_test(shipped_docs_resolve),
  };
  TEST_MAIN(tests);
}
