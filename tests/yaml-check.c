/* SPDX-License-Identifier: MIT */
/* yaml-check FILE KEY...: parse FILE with libyaml; fail unless it is one
 * well-formed document whose top-level mapping has every KEY. Used by
 * make check on the GitHub workflow files. */
#include <stdio.h>
#include <string.h>

#include <yaml.h>

int
main(int argc, char **argv)
{
	yaml_parser_t p;
	yaml_document_t doc;
	yaml_node_t *root;
	FILE *fp;
	int st = 0;

	if (argc < 2 || !(fp = fopen(argv[1], "rb"))) {
		fprintf(stderr, "usage: yaml-check FILE KEY...\n");
		return 2;
	}
	yaml_parser_initialize(&p);
	yaml_parser_set_input_file(&p, fp);
	if (!yaml_parser_load(&p, &doc)) {
		fprintf(stderr, "%s:%zu:%zu: error: %s\n", argv[1], p.problem_mark.line + 1,
		        p.problem_mark.column + 1, p.problem ? p.problem : "YAML error");
		yaml_parser_delete(&p);
		fclose(fp);
		return 1;
	}
	root = yaml_document_get_root_node(&doc);
	if (!root || root->type != YAML_MAPPING_NODE) {
		fprintf(stderr, "%s: error: not a mapping\n", argv[1]);
		st = 1;
	}
	for (int i = 2; root && root->type == YAML_MAPPING_NODE && i < argc; i++) {
		int found = 0;
		for (yaml_node_pair_t *q = root->data.mapping.pairs.start; q < root->data.mapping.pairs.top; q++) {
			yaml_node_t *k = yaml_document_get_node(&doc, q->key);
			if (k->type == YAML_SCALAR_NODE && !strcmp((char *)k->data.scalar.value, argv[i]))
				found = 1;
		}
		if (!found) {
			fprintf(stderr, "%s: error: no top-level key '%s'\n", argv[1], argv[i]);
			st = 1;
		}
	}
	yaml_document_delete(&doc);
	yaml_parser_delete(&p);
	fclose(fp);
	return st;
}
