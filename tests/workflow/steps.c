/* SPDX-License-Identifier: MIT */
/* workflow-steps FILE JOB DIR: write the steps of one job of a GitHub
 * workflow into DIR, for tests/suite/workflow.sh to execute in order:
 *
 *   DIR/env              the workflow's env, then the job's: KEY=VALUE lines
 *   DIR/NN.kind          "run", or the action a `uses:` step names
 *   DIR/NN.run           the script of a run step
 *   DIR/NN.with, NN.env  its with: and env: maps, KEY=VALUE lines (a
 *                        multi-line value gives one line per line)
 *   DIR/NN.id, NN.if, NN.shell, NN.timeout   when the step has them
 *
 * Values keep their ${{ expressions }}: the runner substitutes them, as
 * the CI system does, when the step runs. Exit 1 when the job or a step
 * is not what this reads (the workflow is then wrong, or this is). */
#include <stdio.h>
#include <string.h>

#include <yaml.h>

static yaml_document_t doc;

static yaml_node_t *
get(yaml_node_t *map, const char *key)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < map->data.mapping.pairs.top; q++) {
		yaml_node_t *k = yaml_document_get_node(&doc, q->key);
		if (k->type == YAML_SCALAR_NODE && !strcmp((char *)k->data.scalar.value, key))
			return yaml_document_get_node(&doc, q->value);
	}
	return NULL;
}

static const char *
scalar(yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static FILE *
open_out(const char *dir, int step, const char *ext, const char *mode)
{
	char path[4096];
	FILE *fp;

	if (step >= 0)
		snprintf(path, sizeof(path), "%s/%02d.%s", dir, step, ext);
	else
		snprintf(path, sizeof(path), "%s/%s", dir, ext);
	if (!(fp = fopen(path, mode)))
		perror(path);
	return fp;
}

/* A scalar into DIR/NN.EXT, with a final newline. */
static int
write_scalar(const char *dir, int step, const char *ext, const char *text)
{
	FILE *fp;

	if (!text)
		return 0;
	if (!(fp = open_out(dir, step, ext, "w")))
		return -1;
	fprintf(fp, "%s%s", text, *text && text[strlen(text) - 1] == '\n' ? "" : "\n");
	return fclose(fp);
}

/* A map of scalars as KEY=VALUE lines, appended to DIR/NN.EXT. */
static int
write_map(const char *dir, int step, const char *ext, yaml_node_t *map)
{
	FILE *fp;

	if (!map)
		return 0;
	if (map->type != YAML_MAPPING_NODE || !(fp = open_out(dir, step, ext, "a")))
		return -1;
	for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < map->data.mapping.pairs.top; q++) {
		const char *k = scalar(yaml_document_get_node(&doc, q->key));
		const char *v = scalar(yaml_document_get_node(&doc, q->value));
		if (!k || !v) {
			fclose(fp);
			return -1;
		}
		for (const char *l = v; *l; ) {
			size_t n = strcspn(l, "\n");
			fprintf(fp, "%s=%.*s\n", k, (int)n, l);
			l += n + (l[n] == '\n');
		}
		if (!*v)
			fprintf(fp, "%s=\n", k);
	}
	return fclose(fp);
}

static int
write_step(const char *dir, int i, yaml_node_t *s)
{
	const char *run = scalar(get(s, "run")), *uses = scalar(get(s, "uses"));
	int r = 0;

	if (!s || s->type != YAML_MAPPING_NODE || !run == !uses)
		return -1;
	r |= write_scalar(dir, i, "kind", run ? "run" : uses);
	r |= write_scalar(dir, i, "run", run);
	r |= write_scalar(dir, i, "id", scalar(get(s, "id")));
	r |= write_scalar(dir, i, "if", scalar(get(s, "if")));
	r |= write_scalar(dir, i, "shell", scalar(get(s, "shell")));
	r |= write_scalar(dir, i, "timeout", scalar(get(s, "timeout-minutes")));
	r |= write_map(dir, i, "with", get(s, "with"));
	r |= write_map(dir, i, "env", get(s, "env"));
	return r;
}

static int
write_job(const char *dir, const char *name)
{
	yaml_node_t *root = yaml_document_get_root_node(&doc), *job = get(get(root, "jobs"), name), *steps;
	FILE *fp;
	int i = 0;

	if (!job || !(steps = get(job, "steps")) || steps->type != YAML_SEQUENCE_NODE) {
		fprintf(stderr, "workflow-steps: no job '%s' with steps\n", name);
		return -1;
	}
	if (!(fp = open_out(dir, -1, "env", "w")) || fclose(fp) || write_map(dir, -1, "env", get(root, "env")) ||
	    write_map(dir, -1, "env", get(job, "env")))
		return -1;
	for (yaml_node_item_t *it = steps->data.sequence.items.start; it < steps->data.sequence.items.top; it++, i++)
		if (write_step(dir, i, yaml_document_get_node(&doc, *it))) {
			fprintf(stderr, "workflow-steps: step %d of job '%s' is neither run: nor uses:, or not plain\n", i + 1, name);
			return -1;
		}
	return 0;
}

int
main(int argc, char **argv)
{
	yaml_parser_t p;
	FILE *fp;
	int st;

	if (argc != 4 || !(fp = fopen(argv[1], "rb"))) {
		fprintf(stderr, "usage: workflow-steps FILE JOB DIR\n");
		return 2;
	}
	yaml_parser_initialize(&p);
	yaml_parser_set_input_file(&p, fp);
	if (!yaml_parser_load(&p, &doc)) {
		fprintf(stderr, "%s:%zu:%zu: error: %s\n", argv[1], p.problem_mark.line + 1, p.problem_mark.column + 1,
		        p.problem ? p.problem : "YAML error");
		yaml_parser_delete(&p);
		fclose(fp);
		return 1;
	}
	st = write_job(argv[3], argv[2]) ? 1 : 0;
	yaml_document_delete(&doc);
	yaml_parser_delete(&p);
	fclose(fp);
	return st;
}
