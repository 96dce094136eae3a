/*
** yamldoc.h - a whole YAML file read as one document, and the two things
** every reader of one asks of a node (ark_yamldoc_).
*/
#ifndef ARK_YAMLDOC_H
#define ARK_YAMLDOC_H

#include <stddef.h>
#include <yaml.h>

/* Reads path into doc (to be freed with yaml_document_delete).  0; 1 when
** the file cannot be opened; -1 when it is not valid YAML, with the
** parser's words in msg and its line (1-based) in *line. */
int ark_yamldoc_read(const char *path, yaml_document_t *doc, int *line, char *msg, size_t n);
/* A scalar node's text, or NULL for anything else. */
const char *ark_yamldoc_scalar(const yaml_node_t *node);
/* The node's line (1-based), 0 for no node. */
int ark_yamldoc_line(const yaml_node_t *node);

#endif
