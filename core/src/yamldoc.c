/*
** yamldoc.c - reading a whole YAML file with libyaml's document loader.
*/
#include <stdio.h>
#include "yamldoc.h"

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
  return ok ? 0 : -1;
}

const char *ark_yamldoc_scalar(const yaml_node_t *node) {
  return node && node->type == YAML_SCALAR_NODE ? (const char *)node->data.scalar.value : NULL;
}

int ark_yamldoc_line(const yaml_node_t *node) {
  return node ? (int)node->start_mark.line + 1 : 0;
}
