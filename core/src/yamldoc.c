/*
** yamldoc.c - reading a whole YAML file with libyaml's document loader.
*/
#include <stdio.h>
#include <string.h>
#include "yamldoc.h"

/* A key given twice in one mapping, the second's line in *line with a
** message: libyaml keeps both, and a reader that looks a key up takes one
** of them silently (a copied line, "value: 1" then "value: 6"). */
static int duplicate_key(yaml_document_t *doc, int *line, char *msg, size_t n) {
  for (yaml_node_t *m = doc->nodes.start; m < doc->nodes.top; m++) {
    if (m->type != YAML_MAPPING_NODE) continue;
    for (yaml_node_pair_t *a = m->data.mapping.pairs.start; a < m->data.mapping.pairs.top; a++) {
      const char *ka = ark_yamldoc_scalar(yaml_document_get_node(doc, a->key));
      for (yaml_node_pair_t *b = a + 1; ka && b < m->data.mapping.pairs.top; b++) {
        yaml_node_t *kb = yaml_document_get_node(doc, b->key);
        if (!ark_yamldoc_scalar(kb) || strcmp(ka, ark_yamldoc_scalar(kb))) continue;
        *line = ark_yamldoc_line(kb);
        snprintf(msg, n, "duplicate field \"%.100s\" (first on line %d)", ka,
                 ark_yamldoc_line(yaml_document_get_node(doc, a->key)));
        return 1;
      }
    }
  }
  return 0;
}

int ark_yamldoc_read(const char *path, yaml_document_t *doc, int *line, char *msg, size_t n) {
  FILE *f = fopen(path, "rb");
  if (!f) return 1;
  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_file(&parser, f);
  int ok = yaml_parser_load(&parser, doc);
  if (!ok) {
    *line = (int)parser.problem_mark.line + 1;
    snprintf(msg, n, "%s", parser.problem ? parser.problem : "not valid YAML");
  }
  yaml_parser_delete(&parser);
  fclose(f);
  if (ok && duplicate_key(doc, line, msg, n)) {
    yaml_document_delete(doc);
    return -1;
  }
  return ok ? 0 : -1;
}

const char *ark_yamldoc_scalar(const yaml_node_t *node) {
  return node && node->type == YAML_SCALAR_NODE ? (const char *)node->data.scalar.value : NULL;
}

int ark_yamldoc_line(const yaml_node_t *node) {
  return node ? (int)node->start_mark.line + 1 : 0;
}
