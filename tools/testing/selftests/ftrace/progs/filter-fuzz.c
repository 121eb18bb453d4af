// SPDX-License-Identifier: GPL-2.0
/*
 * filter-fuzz --seed S --count N [options]
 *
 * Writes N generated filter expressions to events/.../filter files while
 * the events fire, and checks what the kernel answers.  Expression I of a
 * run depends only on (S, I) and on the format files of the event it is
 * written to, so a window of a run can be replayed alone
 * (--from I --count K -v), and two kernels given the same seed get the
 * same expressions: --verdicts FILE writes one line per expression,
 *
 *   I TARGET ERRNO LEN EXPRESSION
 *
 * (ERRNO 0 when accepted, the expression C-escaped and cut at 300 bytes)
 * for comparing the verdicts of two kernels line by line.  A line of an
 * accepted expression on ftt_evmod_tick reads "I TARGET 0/K LEN EXPR":
 * the same expression set on that event in an instance of its own
 * (ftt-ffk, nothing else enabled there) kept K of the ticks n = 4..43
 * fired on CPU 0 (the activity child fires only n = 1..3).  Expressions
 * naming common_pid, common_flags or the CPU are not counted (their
 * values change from boot to boot); so a kernel that accepts filters but
 * keeps the wrong records differs from upstream's verdicts too.
 *
 * The targets: the filter files of a fixed list of events (sched, kmem,
 * irq, ipi, timer, signal, and the test modules' ftt_evmod when loaded),
 * of their subsystems (events/SYS/filter), at the top level and in an
 * instance, ftt-ff, made first.  A target the kernel lacks is skipped.
 * The fields of an event come from its format file: the common_* fields,
 * numbers signed and unsigned of every size, fixed char arrays,
 * __data_loc strings, char * pointers, cpumasks, and pointer-sized fields
 * (for .function), plus COMM/comm and CPU/cpu.
 *
 * What is written: about half valid expressions (predicates on the event's
 * real fields with every operator their type takes, string globs, CPUS{}
 * lists, .function with real and unknown symbols, !, && and ||, nested
 * in parentheses up to depth 8, odd spacing), the rest broken on purpose:
 * unbalanced parentheses, unknown fields and operators, type mismatches
 * (a string compared with <, a number with ~ or a quoted string), huge
 * expressions (over a page, operands over 256 bytes, hundreds of
 * predicates), binary bytes and NULs, 100-deep nesting (balanced or not),
 * truncation at a random byte, empty input.  Now and then "0" clears.
 *
 * Checked: every refusal carries an errno a caller can act on (EINVAL,
 * ENOSPC, E2BIG, ERANGE, ENODEV, and upstream's EPERM, ENOENT, ESRCH for
 * unbalanced input; never EFAULT, ENOMEM or anything else); after an
 * accepted write an event's file reads back the expression (trailing
 * blanks stripped, as written otherwise; "none" after "0"), a subsystem's
 * its "### global filter ###" help text; the kernel log
 * (/dev/kmsg) shows no WARNING, BUG, Oops or sanitizer report.  At the
 * end every filter is cleared and must read "none", the events are
 * switched off, the instance removed, and the unreclaimable slab
 * (SUnreclaim in /proc/meminfo) must come back within --slab-tol KiB of
 * its value before the run; the kmalloc-* lines of /proc/slabinfo are
 * printed before and after when the kernel has it.
 *
 * Activity while the filters change: a child process wakes another
 * through a pipe, forks and reaps, execs /bin/true, writes trace_marker
 * and fires the test module's events (when ftt_event_mod is loaded).
 *
 * Prints: expressions written, accepted, refused by errno, read-back
 * mismatches, time.  Exit status 0 when everything held.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROG_NAME "filter-fuzz"
#include "prog-util.h"

#define INST		"ftt-ff"
#define KINST		"ftt-ffk"
/* The ticks the kept count fires, n = KFIRST..KFIRST + KTICKS - 1. */
#define KFIRST		4
#define KTICKS		40
#define MAXF		64
#define EXPR_MAX	(3 * 4096)
#define PAGE		4096
/* How a subsystem's filter file with no filter begins. */
#define SYS_NONE	"### global filter ###"

enum ftype {
	F_NUM,		/* integer field */
	F_PTR,		/* pointer-sized: numbers and .function */
	F_STR,		/* char[N] */
	F_DSTR,		/* __data_loc / __rel_loc char[] */
	F_CPTR,		/* char * */
	F_MASK,		/* __data_loc cpumask_t[] */
	F_OTHER,	/* anything else (arrays of numbers...) */
	F_COMM,		/* the COMM/comm pseudo field */
	F_CPU,		/* the CPU/cpu pseudo field */
};

struct field {
	char name[64];
	enum ftype type;
	int size, is_signed;
};

struct target {
	const char *sys, *event;	/* event NULL: the subsystem file */
	int inst;			/* 0: top level, 1: the instance */
	int present;
	char path[256];
	struct field f[MAXF];
	int nf;
	long written, accepted;
};

/* The events tried; those the kernel lacks are skipped. */
static const char * const event_list[][2] = {
	{ "sched", "sched_switch" }, { "sched", "sched_wakeup" },
	{ "sched", "sched_waking" }, { "sched", "sched_process_fork" },
	{ "sched", "sched_process_exec" }, { "sched", "sched_process_exit" },
	{ "sched", "sched_process_free" }, { "sched", "sched_migrate_task" },
	{ "kmem", "kmalloc" }, { "kmem", "kfree" },
	{ "kmem", "kmem_cache_alloc" }, { "kmem", "kmem_cache_free" },
	{ "irq", "irq_handler_entry" }, { "irq", "softirq_entry" },
	{ "ipi", "ipi_send_cpumask" }, { "ipi", "ipi_send_cpu" },
	{ "ipi", "ipi_raise" }, { "ipi", "ipi_entry" },
	{ "timer", "hrtimer_start" }, { "timer", "timer_start" },
	{ "signal", "signal_generate" }, { "ftt_evmod", "ftt_evmod_tick" },
};
static const char * const sys_list[] = { "sched", "kmem", "ipi", "timer", "signal" };

#define NEV	((int)(sizeof(event_list) / sizeof(event_list[0])))
#define NSYS	((int)(sizeof(sys_list) / sizeof(sys_list[0])))
#define NTGT	(2 * (NEV + NSYS))

static struct target tgt[NTGT];
static const char *top = "/sys/kernel/tracing";
static uint64_t seed = 1;
static long count = 100000, from;
static long slab_tol = 1024;
static int verbose;
static FILE *verdicts;
/* The kept count's instance files and the module's fire file (-1: none). */
static int kfilter = -1, kmod = -1;
static int kmsg = -1;
static pid_t child;

static long accepted, refused, errs[4096], readback_bad, insane, complaints, skipped;

/* ---- the targets and their fields ---- */

static void field_add(struct target *t, const char *decl, int size, int sgn)
{
	char buf[256], *name, *p;
	struct field *f;

	if (t->nf >= MAXF)
		return;
	snprintf(buf, sizeof(buf), "%s", decl);
	/* The name is the last word, without its [N]. */
	p = buf + strlen(buf);
	while (p > buf && isspace((unsigned char)p[-1]))
		*--p = 0;
	name = strrchr(buf, ' ');
	name = name ? name + 1 : buf;
	while (*name == '*')
		name++;
	name[strcspn(name, "[")] = 0;
	f = &t->f[t->nf];
	memset(f, 0, sizeof(*f));
	snprintf(f->name, sizeof(f->name), "%s", name);
	f->size = size;
	f->is_signed = sgn;
	if (strstr(decl, "cpumask"))
		f->type = F_MASK;
	else if (!strncmp(decl, "__data_loc", 10) || !strncmp(decl, "__rel_loc", 9))
		f->type = strstr(decl, "char") ? F_DSTR : F_OTHER;
	else if (strstr(decl, "char *") || strstr(decl, "char*"))
		f->type = F_CPTR;
	else if (strstr(decl, "char") && strchr(decl, '['))
		f->type = F_STR;
	else if (strchr(decl, '['))
		f->type = F_OTHER;
	else if (strchr(decl, '*') || (size == (int)sizeof(long) && !sgn &&
		 (strstr(decl, "unsigned long") || strstr(name, "call_site") ||
		  strstr(name, "function") || strstr(name, "callback"))))
		f->type = F_PTR;
	else
		f->type = F_NUM;
	t->nf++;
}

static void load_fields(struct target *t, const char *fmtpath)
{
	static char buf[16384];
	char *line, *save;

	if (slurp(fmtpath, buf, sizeof(buf)) < 0)
		return;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char decl[256];
		int off, size, sgn;

		if (sscanf(line, " field:%255[^;]; offset:%d; size:%d; signed:%d;",
			   decl, &off, &size, &sgn) != 4)
			continue;
		field_add(t, decl, size, sgn);
	}
	/* The pseudo fields every event has. */
	if (t->nf + 4 <= MAXF) {
		const char *pn[] = { "COMM", "comm", "CPU", "cpu" };
		int i;

		for (i = 0; i < 4; i++) {
			struct field *f = &t->f[t->nf++];

			memset(f, 0, sizeof(*f));
			snprintf(f->name, sizeof(f->name), "%s", pn[i]);
			f->type = i < 2 ? F_COMM : F_CPU;
			f->size = i < 2 ? 16 : 4;
		}
	}
}

static void setup_targets(void)
{
	char fmt[512];
	int i, n = 0, a, j;

	for (a = 0; a < 2; a++) {
		const char *pre = a ? "instances/" INST "/" : "";

		for (i = 0; i < NEV; i++, n++) {
			struct target *t = &tgt[n];

			t->sys = event_list[i][0];
			t->event = event_list[i][1];
			t->inst = a;
			snprintf(t->path, sizeof(t->path), "%s/%sevents/%s/%s/filter",
				 top, pre, t->sys, t->event);
			snprintf(fmt, sizeof(fmt), "%s/events/%s/%s/format", top, t->sys, t->event);
			t->present = access(t->path, W_OK) == 0;
			if (t->present)
				load_fields(t, fmt);
		}
		for (i = 0; i < NSYS; i++, n++) {
			struct target *t = &tgt[n];

			t->sys = sys_list[i];
			t->inst = a;
			snprintf(t->path, sizeof(t->path), "%s/%sevents/%s/filter",
				 top, pre, t->sys);
			t->present = access(t->path, W_OK) == 0;
			if (!t->present)
				continue;
			/* A subsystem's fields: those of its events in the list. */
			for (j = 0; j < NEV; j++) {
				if (strcmp(event_list[j][0], t->sys))
					continue;
				snprintf(fmt, sizeof(fmt), "%s/events/%s/%s/format",
					 top, t->sys, event_list[j][1]);
				if (access(fmt, R_OK) == 0)
					load_fields(t, fmt);
			}
		}
	}
}

/* ---- the expressions ---- */

struct buf {
	char *p;
	size_t len;
};

static void bput(struct buf *b, const char *s, size_t n)
{
	if (b->len + n > EXPR_MAX - 1)
		n = EXPR_MAX - 1 - b->len;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = 0;
}

static void bputs(struct buf *b, const char *s)
{
	bput(b, s, strlen(s));
}

static __attribute__((format(printf, 2, 3))) void bprintf(struct buf *b, const char *fmt, ...)
{
	char tmp[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(tmp) - 1)
		n = sizeof(tmp) - 1;
	bput(b, tmp, n);
}

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const char * const num_ops[] = { "==", "!=", "<", "<=", ">", ">=", "&" };
static const char * const str_ops[] = { "==", "!=", "~" };
static const char * const bad_ops[] = {
	"=", "===", "<>", "=<", "=>", "!~", "^", "|", "&&&", "||", "~=", "!",
	"=!", "<<", ">>", "+", "-", "*", "/", "%", "in", "!==", "<=>",
};
static const char * const numbers[] = {
	"0", "1", "-1", "7", "100", "1000", "255", "256", "65535", "65536",
	"2147483647", "2147483648", "-2147483648", "4294967295", "4294967296",
	"9223372036854775807", "-9223372036854775808", "18446744073709551615",
	"18446744073709551616", "0x0", "0x10", "0xff", "0xffffffff",
	"0xffffffffffffffff", "0x10000000000000000", "010", "08", "-0",
	"0x", "1e3", "12abc", "1.5", "+1",
};
static const char * const words[] = {
	"sh", "bash", "swapper/0", "swapper/1", "kworker/0:1", "ftt*", "*sh",
	"*wap*", "s?apper*", "[abc]*", "[!a]*", "*", "?", "", "init",
	"true", "filter-fuzz", "rcu_sched", "a b", "kmalloc-64", "*[0-9]",
	"\\*", "x\\", "[", "]", "[a-z]*", "**", "sh\\*",
};
static const char * const syms[] = {
	"schedule", "kfree", "kmem_cache_free", "do_nanosleep", "__kmalloc_noprof",
	"kmalloc_trace_noprof", "vfs_write", "do_sys_openat2", "nosuchfunction",
	"schedule+0x10", "0xffffffff81000000", "0x0", "ksys_write", "_text",
	"jiffies", "1234", "",
};
static const char * const cpulists[] = {
	"0", "1", "0-1", "0,1", "0-7", "1-0", "8", "0-63", "", "a", "0-", "-1",
	"0,,1", "1 ", " 0", "0-1:2", "1023", "0-1/1",
};
static const char * const blanks[] = { " ", " ", " ", "", "  ", "\t", "\n" };

static const char *blank(void)
{
	return chance(85) ? " " : blanks[below(N(blanks))];
}

static const char *a_number(const struct field *f)
{
	static char tmp[32];

	if (chance(40)) {
		snprintf(tmp, sizeof(tmp), "%ld", (long)below(f && f->size == 1 ? 300 : 5000) -
			 (f && f->is_signed && chance(20) ? 50 : 0));
		return tmp;
	}
	return numbers[below(N(numbers))];
}

static void a_string(struct buf *b)
{
	const char *w = words[below(N(words))];
	int q = below(10);

	if (q < 6)
		bprintf(b, "\"%s\"", w);
	else if (q < 8)
		bprintf(b, "'%s'", w);
	else if (!strchr(w, ' ') && *w)
		bputs(b, w);
	else
		bprintf(b, "\"%s\"", w);
}

static const struct field *pick_field(const struct target *t)
{
	return &t->f[below(t->nf)];
}

/* One predicate on field f that the field's type takes. */
static void good_pred(struct buf *b, const struct field *f)
{
	const char *op;

	switch (f->type) {
	case F_STR: case F_DSTR: case F_CPTR: case F_COMM:
		op = str_ops[below(N(str_ops))];
		bprintf(b, "%s%s%s%s", f->name, blank(), op, blank());
		a_string(b);
		return;
	case F_MASK:
		op = chance(60) ? "&" : chance(50) ? "==" : "!=";
		bprintf(b, "%s%s%s%sCPUS{%s}", f->name, blank(), op, blank(),
			cpulists[below(chance(80) ? 4 : N(cpulists))]);
		return;
	case F_CPU:
		if (chance(50)) {
			op = chance(60) ? "&" : chance(50) ? "==" : "!=";
			bprintf(b, "%s%s%s%sCPUS{%s}", f->name, blank(), op, blank(),
				cpulists[below(chance(80) ? 4 : N(cpulists))]);
			return;
		}
		break;
	case F_PTR:
		if (chance(50)) {
			op = chance(70) ? "==" : "!=";
			bprintf(b, "%s.function%s%s%s%s", f->name, blank(), op, blank(),
				syms[below(N(syms))]);
			return;
		}
		break;
	default:
		break;
	}
	if (chance(8) && f->type != F_OTHER) {
		/* A scalar against a cpumask. */
		op = chance(60) ? "&" : "==";
		bprintf(b, "%s%s%s%sCPUS{%s}", f->name, blank(), op, blank(),
			cpulists[below(4)]);
		return;
	}
	op = num_ops[below(N(num_ops))];
	bprintf(b, "%s%s%s%s%s", f->name, blank(), op, blank(), a_number(f));
}

/* One predicate that is wrong in some way. */
static void bad_pred(struct buf *b, const struct target *t)
{
	const struct field *f = pick_field(t);
	static const char * const idents[] = {
		"nosuchfield", "prev_pidd", "PID", "common_foo", "_", "x", "9abc",
		"comm.function", "cpu.function", "common_pid.ustring", "$x", "@",
		"common_pid.", "prev_comm[0]", "next_pid->x",
	};

	switch (below(8)) {
	case 0:		/* an unknown field */
		bprintf(b, "%s%s==%s1", idents[below(N(idents))], blank(), blank());
		break;
	case 1:		/* an unknown operator */
		bprintf(b, "%s%s%s%s%s", f->name, blank(), bad_ops[below(N(bad_ops))],
			blank(), a_number(f));
		break;
	case 2:		/* a string where a number goes, or ~ on a number */
		if (f->type == F_STR || f->type == F_DSTR || f->type == F_CPTR ||
		    f->type == F_COMM)
			bprintf(b, "%s%s%s%s\"x\"", f->name, blank(),
				num_ops[2 + below(5)], blank());
		else
			bprintf(b, "%s%s%s%s\"%s\"", f->name, blank(), chance(50) ? "~" : "==",
				blank(), words[below(N(words))]);
		break;
	case 3:		/* a number where a string goes */
		bprintf(b, "%s == %s", f->name, a_number(NULL));
		break;
	case 4:		/* .function where it does not belong */
		bprintf(b, "%s.function == %s", f->name, syms[below(N(syms))]);
		break;
	case 5:		/* CPUS{} malformed or where it does not belong */
		bprintf(b, "%s %s CPUS%s", f->name, chance(50) ? "&" : "<",
			chance(50) ? "{0" : chance(50) ? "0}" : "{}");
		break;
	case 6:		/* no operand, or no field */
		bprintf(b, chance(50) ? "%s ==" : "== %s", f->name);
		break;
	default:	/* an unterminated string */
		bprintf(b, "%s == \"%s", f->name, words[below(N(words))]);
		break;
	}
}

static void good_expr(struct buf *b, const struct target *t, int depth)
{
	if (depth < 8 && chance(depth ? 30 : 60)) {
		int paren = chance(40), neg = chance(12);

		if (neg)
			bputs(b, "!");
		if (paren || neg)
			bputs(b, "(");
		good_expr(b, t, depth + 1);
		bprintf(b, "%s%s%s", blank(), chance(55) ? "&&" : "||", blank());
		good_expr(b, t, depth + 1);
		if (paren || neg)
			bputs(b, ")");
		return;
	}
	if (chance(5)) {
		bputs(b, "!(");
		good_pred(b, pick_field(t));
		bputs(b, ")");
		return;
	}
	if (chance(10)) {
		bputs(b, "(");
		good_pred(b, pick_field(t));
		bputs(b, ")");
		return;
	}
	good_pred(b, pick_field(t));
}

/* Break a valid expression in one of the ways the header lists. */
static void make_bad(struct buf *b, const struct target *t)
{
	size_t i, n;
	char *p;

	switch (below(12)) {
	case 0:		/* unbalanced: an extra ( or ) somewhere, or one lost */
		good_expr(b, t, 0);
		p = b->len ? memchr(b->p, chance(50) ? '(' : ')', b->len) : NULL;
		if (p && chance(50)) {
			memmove(p, p + 1, b->len - (p - b->p));
			b->len--;
		} else {
			i = below(b->len + 1);
			memmove(b->p + i + 1, b->p + i, b->len - i + 1);
			b->p[i] = chance(50) ? '(' : ')';
			b->len++;
		}
		break;
	case 1:		/* a bad predicate joined to good ones */
		if (chance(50)) {
			good_expr(b, t, 1);
			bputs(b, chance(50) ? " && " : " || ");
		}
		bad_pred(b, t);
		if (chance(30)) {
			bputs(b, " && ");
			good_expr(b, t, 1);
		}
		break;
	case 2:		/* truncated at a random byte */
		good_expr(b, t, 0);
		b->len = below(b->len + 1);
		b->p[b->len] = 0;
		break;
	case 3:		/* binary: random bytes, NULs included */
		n = 1 + below(chance(90) ? 64 : 600);
		for (i = 0; i < n; i++)
			b->p[i] = chance(70) ? (char)below(256) : (char)(32 + below(95));
		b->len = n;
		b->p[n] = 0;
		break;
	case 4:		/* a valid expression with a byte changed */
		good_expr(b, t, 0);
		if (b->len)
			b->p[below(b->len)] = (char)below(256);
		break;
	case 5:		/* 100-deep nesting, balanced or not */
		n = 90 + below(20);
		for (i = 0; i < n; i++)
			bputs(b, chance(3) ? "!(" : "(");
		good_pred(b, pick_field(t));
		n -= below(3) == 0 ? 1 + below(2) : 0;
		for (i = 0; i < n; i++)
			bputs(b, ")");
		break;
	case 6:		/* huge: over a page, or just under */
		n = chance(50) ? PAGE + below(PAGE) : PAGE - 64 - below(256);
		while (b->len < n) {
			good_pred(b, pick_field(t));
			if (b->len < n)
				bputs(b, "&&");
		}
		b->len = n;
		b->p[n] = 0;
		break;
	case 7:		/* an operand over 256 bytes */
		bprintf(b, "%s == \"", pick_field(t)->name);
		n = 200 + below(200);
		for (i = 0; i < n; i++)
			bputs(b, "a");
		bputs(b, "\"");
		break;
	case 8:		/* many predicates (the parser's limit) */
		n = 10 + below(chance(50) ? 2000 : 200);
		for (i = 0; i < n && b->len < EXPR_MAX - 64; i++) {
			if (i)
				bputs(b, chance(50) ? "&&" : "||");
			bputs(b, "common_pid!=1");
		}
		break;
	case 9:		/* empty, blank, operators alone */
		{
			static const char * const odd[] = {
				"", " ", "\n", "&&", "||", "!", "()", "(())", "!()",
				"a", "==", "1", "0 0", "00", "0x0", "(0)", "! 0",
				"\"\"", "&& common_pid == 1", "common_pid == 1 &&",
				"common_pid == 1 || ", "common_pid == 1 common_pid == 2",
				"common_pid == 1 ()", "() && common_pid == 1",
			};
			bputs(b, odd[below(N(odd))]);
		}
		break;
	case 10:	/* quotes left open, or closed twice */
		bprintf(b, "%s %s %s", pick_field(t)->name, chance(50) ? "==" : "~",
			chance(50) ? "\"abc" : chance(50) ? "abc\"" : "'abc\"");
		break;
	default:	/* a field of another event */
		{
			const struct target *o = &tgt[below(NTGT)];

			if (!o->present || !o->nf)
				o = t;
			good_expr(b, o, 1);
		}
		break;
	}
}

/* The expression of operation op for target t. */
static void gen(struct buf *b, const struct target *t)
{
	b->len = 0;
	b->p[0] = 0;
	if (chance(2)) {
		bputs(b, chance(80) ? "0" : chance(50) ? " 0\n" : "0 ");
		return;
	}
	if (chance(50)) {
		good_expr(b, t, 0);
		if (chance(10))
			bputs(b, chance(50) ? "\n" : "  ");
	} else {
		make_bad(b, t);
	}
}

/* ---- writes and checks ---- */

static void escape(char *out, size_t size, const char *s, size_t len)
{
	size_t o = 0, i;

	for (i = 0; i < len && o + 5 < size; i++) {
		unsigned char c = s[i];

		if (c == '\\' || c < 32 || c > 126)
			o += snprintf(out + o, size - o, "\\x%02x", c);
		else
			out[o++] = c;
	}
	out[o] = 0;
}

/* Write the expression in one write; 0 or the errno. */
static int write_filter(const char *path, const char *s, size_t len)
{
	int fd = open(path, O_WRONLY | O_TRUNC), err = 0;
	ssize_t n;

	if (fd < 0)
		return errno;
	n = write(fd, s, len);
	if (n < 0)
		err = errno;
	else if ((size_t)n != len)
		err = EMSGSIZE;	/* a short write: reported as such */
	close(fd);
	return err;
}

/*
 * The errnos a refused filter may carry.  Upstream's parser hands back its
 * own codes for unbalanced input as negative errnos: EPERM for a ")" too
 * many, ENOENT for a "(" too many, ESRCH for an unterminated quote; ours
 * gives the same.  EFAULT, ENOMEM and the rest are never right here.
 */
static int sane_errno(int e)
{
	return e == EINVAL || e == ENOSPC || e == E2BIG || e == ERANGE || e == ENODEV ||
	       e == EPERM || e == ENOENT || e == ESRCH;
}

/* What the file must read after an accepted write of s. */
static void expected(char *out, size_t size, const char *s, size_t len)
{
	size_t n = strnlen(s, len), st = 0;

	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	while (st < n && isspace((unsigned char)s[st]))
		st++;
	if (n - st == 1 && s[st] == '0') {
		snprintf(out, size, "none\n");
		return;
	}
	if (n > size - 2)
		n = size - 2;
	memcpy(out, s, n);
	out[n] = '\n';
	out[n + 1] = 0;
}

static const char *kmsg_bad[] = {
	"WARNING:", "BUG:", "BUG ", "Oops", "general protection", "KASAN",
	"UBSAN", "kernel BUG", "unreferenced object", "possible circular",
	"stack-protector", "Call Trace",
};

/* Scan new kernel log lines; count and print the complaints. */
static void check_kmsg(long op)
{
	char line[2048];
	ssize_t n;
	unsigned int i;

	if (kmsg < 0)
		return;
	while ((n = read(kmsg, line, sizeof(line) - 1)) > 0) {
		line[n] = 0;
		for (i = 0; i < sizeof(kmsg_bad) / sizeof(kmsg_bad[0]); i++) {
			if (strstr(line, kmsg_bad[i])) {
				complaints++;
				printf("KERNEL after expression %ld: %s", op, line);
				break;
			}
		}
	}
}

/*
 * Whether a filter file's text is what was expected: a subsystem's file
 * with no filter shows a help text instead of "none".
 */
static int reads_as(const struct target *t, const char *text, const char *exp)
{
	/*
	 * A subsystem's file keeps no expression: it shows its help text
	 * after "0" and after an accepted filter alike (upstream's), and the
	 * events take the expression.
	 */
	if (!t->event)
		return !strncmp(text, SYS_NONE, strlen(SYS_NONE));
	return !strcmp(text, exp);
}

static int counted(const char *expr)
{
	return !strstr(expr, "common_pid") && !strstr(expr, "common_flags") &&
	       !strcasestr(expr, "cpu");
}

/*
 * How many of the ticks n = KFIRST.. the filter expr keeps, set alone on
 * ftt_evmod_tick in instance KINST; -1 when it cannot be counted.
 */
static int kept_count(const struct buf *b)
{
	static char text[1 << 16];
	cpu_set_t one_cpu, was;
	char *p, num[16];
	int kept = 0, fd, n;
	ssize_t len;

	if (kfilter < 0 || kmod < 0 || !counted(b->p))
		return -1;
	if (pwrite(kfilter, b->p, b->len, 0) != (ssize_t)b->len)
		return -1;
	fd = open("instances/" KINST "/trace", O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -1;
	close(fd);
	CPU_ZERO(&one_cpu);
	CPU_SET(0, &one_cpu);
	sched_getaffinity(0, sizeof(was), &was);
	sched_setaffinity(0, sizeof(one_cpu), &one_cpu);
	snprintf(num, sizeof(num), "%d", KFIRST + KTICKS - 1);
	n = pwrite(kmod, num, strlen(num), 0);
	sched_setaffinity(0, sizeof(was), &was);
	if (n < 0)
		return -1;
	len = slurp("instances/" KINST "/trace", text, sizeof(text));
	if (len < 0)
		return -1;
	for (p = text; (p = strstr(p, "ftt_evmod_tick: n=")); p++) {
		n = atoi(p + strlen("ftt_evmod_tick: n="));
		kept += n >= KFIRST;
	}
	return kept;
}

static void kept_setup(void)
{
	const char *ev = "instances/" KINST "/events/ftt_evmod/ftt_evmod_tick/";
	char path[256];

	rmdir("instances/" KINST);
	kmod = open("/sys/kernel/debug/ftt_event_mod", O_WRONLY);
	if (kmod < 0 || mkdir("instances/" KINST, 0755))
		return;
	snprintf(path, sizeof(path), "%senable", ev);
	if (write_filter(path, "1", 1))
		return;
	snprintf(path, sizeof(path), "%sfilter", ev);
	kfilter = open(path, O_WRONLY);
}

static void kept_teardown(void)
{
	if (kfilter >= 0) {
		close(kfilter);
		write_filter("instances/" KINST "/events/ftt_evmod/ftt_evmod_tick/enable", "0", 1);
	}
	if (kmod >= 0)
		close(kmod);
	if (access("instances/" KINST, F_OK) == 0 && rmdir("instances/" KINST))
		printf("cannot remove instances/%s: %s\n", KINST, strerror(errno));
}

static void one(long op, struct buf *b, char *rb, char *exp)
{
	struct target *t;
	char esc[1400], verdict[32];
	int err, k, kept = -1;

	rs = seed * 0x2545f4914f6cdd1dULL + (uint64_t)op * 0x9e3779b97f4a7c15ULL;
	rnd();
	k = below(NTGT);
	t = &tgt[k];
	/* Subsystem files get one expression in four of their share. */
	if (!t->event && chance(75))
		t = &tgt[(k + 1 + below(NEV - 1)) % NTGT];
	if (!t->present || !t->nf) {
		skipped++;
		if (verdicts)
			fprintf(verdicts, "%ld %s%s%s%s absent\n", op, t->inst ? INST ":" : "",
				t->sys, t->event ? "/" : "", t->event ? t->event : "");
		return;
	}
	gen(b, t);
	err = write_filter(t->path, b->p, b->len);
	t->written++;
	escape(esc, sizeof(esc), b->p, b->len < 300 ? b->len : 300);
	if (!err && t->event && !strcmp(t->event, "ftt_evmod_tick"))
		kept = kept_count(b);
	if (kept >= 0)
		snprintf(verdict, sizeof(verdict), "%d/%d", err, kept);
	else
		snprintf(verdict, sizeof(verdict), "%d", err);
	if (verdicts)
		fprintf(verdicts, "%ld %s%s%s%s %s %zu %s\n", op, t->inst ? INST ":" : "",
			t->sys, t->event ? "/" : "", t->event ? t->event : "", verdict, b->len, esc);
	if (verbose)
		printf("%ld %s: %s -> %s\n", op, t->path, esc, err ? strerror(err) : "ok");
	if (err) {
		refused++;
		errs[err < 4096 ? err : 0]++;
		if (!sane_errno(err)) {
			insane++;
			printf("BAD ERRNO %s (%d) from %s for expression %ld: '%s'\n",
			       strerror(err), err, t->path, op, esc);
		}
		return;
	}
	accepted++;
	t->accepted++;
	expected(exp, EXPR_MAX + 8, b->p, b->len);
	if (slurp(t->path, rb, EXPR_MAX + 64) < 0 || !reads_as(t, rb, exp)) {
		char e2[400];

		readback_bad++;
		if (readback_bad <= 10) {
			escape(e2, sizeof(e2), rb, strlen(rb) < 120 ? strlen(rb) : 120);
			printf("READBACK %s after expression %ld '%s': '%s'\n",
			       t->path, op, esc, e2);
		}
	}
}

/* ---- activity ---- */

static void activity(void)
{
	int p1[2], p2[2], mk, mod;
	char c = 0;
	long i;
	pid_t pid;

	if (pipe(p1) || pipe(p2))
		exit(1);
	pid = fork();
	if (pid == 0) {
		close(p1[1]);
		close(p2[0]);
		for (;;) {
			if (read(p1[0], &c, 1) != 1 || write(p2[1], &c, 1) != 1)
				_exit(0);
		}
	}
	close(p1[0]);
	close(p2[1]);
	mk = open("trace_marker", O_WRONLY);
	mod = open("/sys/kernel/debug/ftt_event_mod", O_WRONLY);
	for (i = 0;; i++) {
		if (write(p1[1], &c, 1) != 1 || read(p2[0], &c, 1) != 1)
			break;
		if (i % 64 == 0) {
			pid_t k = fork();

			if (k == 0) {
				if (i % 256 == 0)
					execl("/bin/true", "true", NULL);
				_exit(0);
			}
			if (k > 0)
				waitpid(k, NULL, 0);
			if (mk >= 0 && write(mk, "filter-fuzz tick", 16) < 0)
				mk = -1;
			/* The test module's events, when it is loaded. */
			if (mod >= 0 && pwrite(mod, "3", 1, 0) < 0)
				mod = -1;
		}
		if (i % 16 == 0)
			usleep(500);
	}
	_exit(0);
}

/* ---- setup and the end ---- */

static void set_events(int on)
{
	char path[512];
	int i;

	for (i = 0; i < NTGT; i++) {
		struct target *t = &tgt[i];
		int fd;

		if (!t->present || !t->event)
			continue;
		snprintf(path, sizeof(path), "%s", t->path);
		strcpy(path + strlen(path) - strlen("filter"), "enable");
		fd = open(path, O_WRONLY);
		if (fd < 0)
			continue;
		if (write(fd, on ? "1" : "0", 1) < 0)
			fprintf(stderr, "%s: %s\n", path, strerror(errno));
		close(fd);
	}
}

static long meminfo(const char *key)
{
	char buf[8192], *p;

	if (slurp("/proc/meminfo", buf, sizeof(buf)) < 0)
		return -1;
	p = strstr(buf, key);
	return p ? atol(p + strlen(key) + 1) : -1;
}

static void show_slabinfo(const char *when)
{
	static char buf[1 << 16];
	char *line, *save;

	if (slurp("/proc/slabinfo", buf, sizeof(buf)) <= 0) {
		printf("slabinfo %s: no /proc/slabinfo\n", when);
		return;
	}
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char name[64];
		long active, total;

		if (sscanf(line, "%63s %ld %ld", name, &active, &total) == 3 &&
		    !strncmp(name, "kmalloc-", 8) && strncmp(name, "kmalloc-rcl", 11) &&
		    strncmp(name, "kmalloc-cg", 10))
			printf("slabinfo %s: %s active %ld\n", when, name, active);
	}
}

static void drop_caches(void)
{
	int fd = open("/proc/sys/vm/drop_caches", O_WRONLY);

	if (fd >= 0) {
		if (write(fd, "3", 1) < 0)
			perror("drop_caches");
		close(fd);
	}
}

/* Wait for RCU callbacks (freed filters among them) to run. */
/*
 * Shrink every slab cache (where SLUB has sysfs): this also empties
 * KASAN's quarantine of the cache, which otherwise holds freed objects
 * back and would read as growth of the unreclaimable slab.
 */
static void shrink_slabs(void)
{
	struct dirent *d;
	char path[300];
	DIR *dir;
	int fd;

	dir = opendir("/sys/kernel/slab");
	if (!dir)
		return;
	while ((d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/kernel/slab/%s/shrink",
			 d->d_name);
		fd = open(path, O_WRONLY);
		if (fd < 0)
			continue;
		if (write(fd, "1", 1) < 0)
			;	/* an alias or a cache that will not: no matter */
		close(fd);
	}
	closedir(dir);
}

static void settle(void)
{
	int i;

	for (i = 0; i < 3; i++) {
		drop_caches();
		shrink_slabs();
		sleep_ms(300);
	}
}

static int clear_all(void)
{
	char rb[256];
	int i, bad = 0;

	for (i = 0; i < NTGT; i++)
		if (tgt[i].present && !tgt[i].event)
			write_filter(tgt[i].path, "0", 1);
	for (i = 0; i < NTGT; i++)
		if (tgt[i].present && tgt[i].event)
			write_filter(tgt[i].path, "0", 1);
	for (i = 0; i < NTGT; i++) {
		if (!tgt[i].present)
			continue;
		slurp(tgt[i].path, rb, sizeof(rb));
		if (!reads_as(&tgt[i], rb, "none\n")) {
			bad++;
			printf("CLEAR: %s still reads '%.60s'\n", tgt[i].path, rb);
		}
	}
	return bad;
}

static void usage(void)
{
	fprintf(stderr, "usage: filter-fuzz [--dir TRACEFS] [--seed S] [--count N] [--from I]\n"
		"                   [--verdicts FILE] [--slab-tol KiB] [-v]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dir", 1, NULL, 'd' }, { "seed", 1, NULL, 's' },
		{ "count", 1, NULL, 'n' }, { "from", 1, NULL, 'f' },
		{ "verdicts", 1, NULL, 'o' }, { "slab-tol", 1, NULL, 't' },
		{ "verbose", 0, NULL, 'v' }, { NULL, 0, NULL, 0 },
	};
	long slab0, slab1, op, ntargets = 0;
	struct buf b;
	char *rb, *exp;
	double t0;
	int c, i, bad = 0;

	while ((c = getopt_long(argc, argv, "d:s:n:f:o:t:v", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			top = optarg;
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'n':
			count = atol(optarg);
			break;
		case 'f':
			from = atol(optarg);
			break;
		case 'o':
			verdicts = fopen(optarg, "w");
			if (!verdicts)
				die("%s: %s", optarg, strerror(errno));
			break;
		case 't':
			slab_tol = atol(optarg);
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			usage();
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (chdir(top))
		die("%s: %s", top, strerror(errno));
	top = ".";
	rmdir("instances/" INST);
	if (mkdir("instances/" INST, 0755) && errno != EEXIST)
		die("cannot make instances/%s: %s", INST, strerror(errno));
	setup_targets();
	kept_setup();
	for (i = 0; i < NTGT; i++)
		ntargets += tgt[i].present;
	if (!ntargets)
		die("none of the events is there");
	b.p = malloc(EXPR_MAX + 8);
	rb = malloc(EXPR_MAX + 64);
	exp = malloc(EXPR_MAX + 16);
	if (!b.p || !rb || !exp)
		die("out of memory");

	settle();
	slab0 = meminfo("SUnreclaim:");
	show_slabinfo("before");
	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg >= 0)
		lseek(kmsg, 0, SEEK_END);

	set_events(1);
	write_filter("tracing_on", "1", 1);
	child = fork();
	if (child == 0)
		activity();

	printf("filter-fuzz: seed %llu, expressions %ld-%ld, %ld filter files\n",
	       (unsigned long long)seed, from, from + count - 1, ntargets);
	t0 = now();
	for (op = from; op < from + count; op++) {
		one(op, &b, rb, exp);
		if (op % 64 == 0)
			check_kmsg(op);
		if ((op - from) % 10000 == 9999)
			printf("filter-fuzz: %ld expressions, %.0f/s\n", op - from + 1,
			       (op - from + 1) / (now() - t0));
	}
	check_kmsg(op);

	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	kept_teardown();
	bad += clear_all();
	set_events(0);
	write_filter("trace", "", 0);
	if (rmdir("instances/" INST))
		printf("cannot remove instances/%s: %s\n", INST, strerror(errno));
	settle();
	slab1 = meminfo("SUnreclaim:");
	show_slabinfo("after");
	check_kmsg(op);

	printf("filter-fuzz: %ld expressions in %.1f s (%ld to absent files): accepted %ld, refused %ld",
	       count, now() - t0, skipped, accepted, refused);
	for (i = 0; i < 4096; i++)
		if (errs[i])
			printf(", %s %ld", i ? strerrorname_np(i) : "E>4095", errs[i]);
	printf("\n");
	for (i = 0; i < NTGT; i++)
		if (tgt[i].present && verbose)
			printf("  %s: %ld written, %ld accepted\n", tgt[i].path,
			       tgt[i].written, tgt[i].accepted);
	printf("filter-fuzz: read-back mismatches %ld, insane errnos %ld, kernel complaints %ld,"
	       " SUnreclaim %ld -> %ld KiB\n", readback_bad, insane, complaints, slab0, slab1);
	if (readback_bad || insane || complaints || bad)
		bad = 1;
	if (slab0 >= 0 && slab1 > slab0 + slab_tol) {
		printf("filter-fuzz: unreclaimable slab grew by %ld KiB (tolerance %ld)\n",
		       slab1 - slab0, slab_tol);
		bad = 1;
	}
	if (verdicts)
		fclose(verdicts);
	printf("filter-fuzz: %s\n", bad ? "FAIL" : "ok");
	return bad;
}
