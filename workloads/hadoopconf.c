/* hadoopconf.c - reads Hadoop's XML configuration files (hadoopconf.h).
 *
 * libxml2 parses the file into a tree (no network, no DTD: Hadoop's files
 * have none, and refusing one keeps entity expansion out); this file only
 * walks <configuration><property>, as Hadoop's Configuration.loadResource
 * does: a property's name and value come from its <name> and <value>
 * children or from Hadoop 3's attributes of the same names, both trimmed,
 * and <final>true</final> locks it against later files.  Values go through
 * conf_set, so a property has one syntax (conf.c: Hadoop's sizes, booleans
 * and milliseconds) wherever it is set, and Hadoop 1's names come from
 * conf.c's one table of them.
 *
 * Hadoop's parser takes more than it should: of two <name>s or <value>s
 * the last, a <property> nested in another as a property of its own, and
 * any <final> but "true" as not final.  A file Hadoop wrote has none of
 * these, so each is refused here rather than read one of two ways.
 *
 * A real cluster's job.xml is mostly properties no simulation can use
 * (addresses, directories, class names, JVM options, other file systems'
 * replication), so those are ignored and summed up in one note.  A name in
 * Hadoop's own lists (workloads/hadoop-properties.txt, compiled in) is
 * always Hadoop's; any other name close to a modelled one is taken for a
 * typo and refused with a suggestion: silently ignoring
 * `mapreduce.job.reduce` would run the wrong experiment. */
#include "hadoopconf.h"

#include "alloc.h"
#include "cfg.h"
#include "infile.h"

#include <errno.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TYPO_EDITS 2 /* an unmodelled name this close to a modelled one is a typo */
#define NOTE_NAMES 4 /* ignored names the note spells out */

/* Hadoop's own property names, sorted (hadoopprops.c, generated from workloads/hadoop-properties.txt). */
extern const char *const hadoopconf_names[];
extern const size_t hadoopconf_n_names;

typedef struct {
  conf *c;
  FILE *msgs;
  const char *path; /* the file being read */
  char *err;
  size_t errlen;
  const char *final_path[CONF_N_KEYS]; /* where a property was marked final, or NULL */
  long final_line[CONF_N_KEYS];
  int n_ignored;
  char *ignored[NOTE_NAMES];
} reader;

static int fail(reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(reader *r, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->err, r->errlen, fmt, ap);
  va_end(ap);
  cfg_one_line(r->err, r->errlen); /* whatever a name or libxml2 held */
  return -1;
}

/* libxml2's first error, kept by its structured error handler. */
typedef struct {
  const char *path;
  char msg[512];
} xml_error;

static void keep_first(void *data, xmlErrorPtr e)
{
  xml_error *x = data;
  if (x->msg[0] || e->level < XML_ERR_ERROR)
    return;
  snprintf(x->msg, sizeof x->msg, "%s:%d: malformed XML: %s", e->file ? e->file : x->path, e->line,
           e->message ? e->message : "unreadable");
  size_t n = strlen(x->msg);
  while (n > 0 && (x->msg[n - 1] == '\n' || x->msg[n - 1] == ' '))
    x->msg[--n] = 0;
}

/* N's line in its file; 1 where libxml2 has none (the DTD). */
static long line_of(xmlNode *n)
{
  long line = xmlGetLineNo(n);
  return line > 0 ? line : 1;
}

static int named(const xmlNode *n, const char *name)
{
  return strcmp((const char *)n->name, name) == 0;
}

/* TEXT without its leading and trailing white space, in place. */
static char *trim(char *text)
{
  while (*text == ' ' || *text == '\t' || *text == '\n' || *text == '\r')
    text++;
  size_t n = strlen(text);
  while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t' || text[n - 1] == '\n' || text[n - 1] == '\r'))
    text[--n] = 0;
  return text;
}

/* Replaces *TO (libxml2's, or NULL) with the text NEW. */
static void take(xmlChar **to, xmlChar *new)
{
  xmlFree(*to);
  *to = new;
}

static int by_name(const void *key, const void *entry)
{
  return strcmp(key, *(const char *const *)entry);
}

/* Whether NAME is one of Hadoop's own properties. */
static int hadoops(const char *name)
{
  return bsearch(name, hadoopconf_names, hadoopconf_n_names, sizeof *hadoopconf_names, by_name) != NULL;
}

/* A property mrlab does not know: one of Hadoop's is counted for the note,
 * a typo of one mrlab models fails, and any other is counted too. */
static int unknown(reader *r, const char *name, long line)
{
  const char *near = hadoops(name) ? NULL : conf_nearest(name, TYPO_EDITS);
  if (near || strncmp(name, "mrlab.", 6) == 0) {
    near = near ? near : conf_nearest(name, 0);
    if (near)
      return fail(r, "%s:%ld: unknown property %s; did you mean %s?", r->path, line, name, near);
    return fail(r, "%s:%ld: unknown property %s (mrlab's own are listed by `mrlab run --help`)", r->path, line, name);
  }
  if (r->n_ignored < NOTE_NAMES)
    r->ignored[r->n_ignored] = xstrdup(name);
  r->n_ignored++;
  return 0;
}

/* Whether F, a <name>, <value> or <final> of property P, is the second of
 * its kind in P (an attribute of P counts as the first); fails if so. */
static int second(reader *r, xmlNode *p, xmlNode *f, const xmlChar *before)
{
  if (!before)
    return 0;
  return fail(r, "%s:%ld: expected one <%s> in <property> (line %ld), got a second", r->path, line_of(f),
              (const char *)f->name, line_of(p));
}

/* The first <property> inside N, at any depth (libxml2 bounds it), or NULL:
 * Hadoop 3's parser starts a new property at any <property> it meets. */
static xmlNode *inner_property(xmlNode *n)
{
  for (xmlNode *c = n->children; c; c = c->next) {
    xmlNode *d = c->type != XML_ELEMENT_NODE ? NULL : named(c, "property") ? c : inner_property(c);
    if (d)
      return d;
  }
  return NULL;
}

/* Applies the property element P. */
static int read_property(reader *r, xmlNode *p)
{
  xmlChar *name = xmlGetProp(p, (const xmlChar *)"name"), *value = xmlGetProp(p, (const xmlChar *)"value"),
          *locked = xmlGetProp(p, (const xmlChar *)"final");
  long name_line = line_of(p), value_line = name_line, final_line = name_line;
  xmlNode *inner = inner_property(p);
  int status = inner ? fail(r, "%s:%ld: expected <name>, <value> and <final> in <property> (line %ld), got a nested "
                               "<property>",
                            r->path, line_of(inner), line_of(p))
                     : 0;
  for (xmlNode *f = p->children; f && !status; f = f->next) {
    if (f->type != XML_ELEMENT_NODE)
      continue;
    if (!named(f, "name") && !named(f, "value") && !named(f, "final"))
      continue; /* description, source, tag and the like say nothing to a simulation */
    for (xmlNode *c = f->children; c && !status; c = c->next)
      if (c->type == XML_ELEMENT_NODE)
        status = fail(r, "%s:%ld: expected text in <%s>, got <%s>", r->path, line_of(c), (const char *)f->name,
                      (const char *)c->name);
    if (status)
      break;
    if (named(f, "name")) {
      status = second(r, p, f, name);
      take(&name, xmlNodeGetContent(f));
      name_line = line_of(f);
    } else if (named(f, "value")) {
      status = second(r, p, f, value);
      take(&value, xmlNodeGetContent(f));
      value_line = line_of(f);
    } else {
      status = second(r, p, f, locked);
      take(&locked, xmlNodeGetContent(f));
      final_line = line_of(f);
    }
  }
  /* Hadoop takes exactly "true" as final and anything else as not: "yes" or
   * " TRUE " would be read as meant by no one, so only true and false pass */
  if (!status && locked && strcmp((char *)locked, "true") && strcmp((char *)locked, "false"))
    status = fail(r, "%s:%ld: <final>: expected true or false (Hadoop takes only \"true\" as final), got \"%s\"",
                  r->path, final_line, (char *)locked);
  char *n = name ? trim((char *)name) : NULL, *v = value ? trim((char *)value) : NULL;
  int k = !status && n && *n ? conf_lookup(n) : -1;
  if (status) {
    /* refused above */
  } else if (!n || !*n) {
    status = fail(r, "%s:%ld: expected a <name> in <property>", r->path, name_line);
  } else if (k < 0) {
    status = unknown(r, n, name_line);
  } else if (v && *v) { /* an empty value leaves the property unset, as in Hadoop */
    char *setting = xmalloc(strlen(n) + strlen(v) + 2), why[512];
    sprintf(setting, "%s=%s", n, v);
    conf trial = *r->c;
    if (conf_set(&trial, conf_key_scope(k), setting, why, sizeof why)) {
      status = fail(r, "%s:%ld: %s", r->path, value_line, why);
    } else if (r->final_path[k] && !conf_equal(&trial, r->c, k)) {
      char kept[CONF_TEXT_MAX], msg[4 * CONF_TEXT_MAX];
      conf_format(r->c, k, kept, sizeof kept);
      snprintf(msg, sizeof msg, "%s:%ld: %s is final in %s:%ld; keeping %s, ignoring \"%s\"", r->path, name_line, n,
               r->final_path[k], r->final_line[k], kept, v);
      cfg_print(r->msgs, "warning: ", msg);
    } else {
      *r->c = trial;
      if (locked && strcmp((char *)locked, "true") == 0 && !r->final_path[k]) {
        r->final_path[k] = r->path;
        r->final_line[k] = name_line;
      }
    }
    free(setting);
  }
  xmlFree(name);
  xmlFree(value);
  xmlFree(locked);
  return status;
}

/* Parses PATH into a tree; NULL with R's error set. */
static xmlDoc *parse(reader *r, const char *path)
{
  char why[1024];
  int fd = infile_open(path, "a Hadoop configuration file (XML)", HADOOPCONF_MAX_BYTES, why, sizeof why);
  if (fd < 0) {
    fail(r, "%s", why);
    return NULL;
  }
  xml_error x = {path, ""};
  xmlSetStructuredErrorFunc(&x, keep_first);
  xmlDoc *doc =
      xmlReadFd(fd, path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES);
  xmlSetStructuredErrorFunc(NULL, NULL);
  close(fd);
  if (!doc || x.msg[0]) {
    if (x.msg[0])
      fail(r, "%s", x.msg);
    else
      fail(r, "%s:1: malformed XML", path);
    xmlFreeDoc(doc);
    return NULL;
  }
  if (doc->intSubset) {
    fail(r, "%s:%ld: expected no <!DOCTYPE> (Hadoop's configuration files have none)", path,
         line_of((xmlNode *)doc->intSubset));
    xmlFreeDoc(doc);
    return NULL;
  }
  return doc;
}

static int read_file(reader *r, const char *path)
{
  r->path = path;
  xmlDoc *doc = parse(r, path);
  if (!doc)
    return -1;
  xmlNode *root = xmlDocGetRootElement(doc);
  int status = 0;
  if (!root || !named(root, "configuration"))
    status =
        fail(r, "%s:%ld: expected <configuration> as the root element, got %s%s%s", path, root ? line_of(root) : 1L,
             root ? "<" : "", root ? (const char *)root->name : "none", root ? ">" : "");
  for (xmlNode *n = root ? root->children : NULL; n && !status; n = n->next) {
    if (n->type != XML_ELEMENT_NODE)
      continue;
    if (!named(n, "property"))
      status =
          fail(r, "%s:%ld: expected <property> in <configuration>, got <%s>", path, line_of(n), (const char *)n->name);
    else
      status = read_property(r, n);
  }
  xmlFreeDoc(doc);
  return status;
}

int hadoopconf_read(const char *const *paths, int n, conf *c, FILE *msgs, char *err, size_t errlen)
{
  reader r = {.c = c, .msgs = msgs, .err = err, .errlen = errlen};
  int status = 0;
  for (int i = 0; i < n && !status; i++)
    status = read_file(&r, paths[i]);
  if (!status && r.n_ignored) {
    char note[1024];
    int len = snprintf(note, sizeof note, "ignored %d Hadoop propert%s that mrlab does not model (", r.n_ignored,
                       r.n_ignored == 1 ? "y" : "ies");
    for (int i = 0; i < r.n_ignored && i < NOTE_NAMES && len < (int)sizeof note; i++)
      len += snprintf(note + len, sizeof note - (size_t)len, "%s%.160s", i ? ", " : "", r.ignored[i]);
    if (len < (int)sizeof note)
      snprintf(note + len, sizeof note - (size_t)len, "%s)", r.n_ignored > NOTE_NAMES ? ", ..." : "");
    cfg_print(msgs, "note: ", note);
  }
  for (int i = 0; i < r.n_ignored && i < NOTE_NAMES; i++)
    free(r.ignored[i]);
  return status;
}
