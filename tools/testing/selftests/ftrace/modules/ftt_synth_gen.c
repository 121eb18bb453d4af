// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_synth_gen: the in-kernel synthetic event API, end to end, for
 * trigger/synth-api.tc.  On load it defines two events - ftt_gen field
 * by field with a dynevent_cmd, ftt_create in one synth_event_create()
 * call (with char[] fields) - enables them in the top array, writes
 * one record with each way of writing one, checks the errors a caller
 * can get, and disables them again (so the module can go).  Any
 * unexpected result fails the load.  On unload it lets go of the files
 * and deletes both events.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/trace_events.h>

static struct trace_event_file *gen_file, *create_file;

#define CHECK(expr, want) ({						\
	int __r = (expr);						\
	if (__r != (want))						\
		pr_err("ftt_synth_gen: %s: %d, expected %d\n", #expr,	\
		       __r, (want));					\
	__r == (want) ? 0 : -EINVAL;					\
})

static int define_gen(void)
{
	struct dynevent_cmd cmd;
	char *buf;
	int ret;

	buf = kzalloc(MAX_DYNEVENT_CMD_LEN, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	synth_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = synth_event_gen_cmd_start(&cmd, "ftt_gen", THIS_MODULE,
					"pid_t", "next_pid_field",
					"char[16]", "next_comm_field",
					"u64", "ts_ns", "u64", "ts_ms");
	if (!ret)
		ret = synth_event_add_field(&cmd, "unsigned int", "cpu");
	if (!ret)
		ret = synth_event_add_field(&cmd, "char[64]", "my_string_field");
	if (!ret)
		ret = synth_event_add_field(&cmd, "int", "my_int_field");
	if (!ret)
		ret = synth_event_gen_cmd_end(&cmd);
	kfree(buf);
	return ret;
}

static struct synth_field_desc create_fields[] = {
	{ .type = "pid_t",		.name = "next_pid_field" },
	{ .type = "char[16]",		.name = "next_comm_field" },
	{ .type = "u64",		.name = "ts_ns" },
	{ .type = "char[]",		.name = "dynstring_field_1" },
	{ .type = "u64",		.name = "ts_ms" },
	{ .type = "unsigned int",	.name = "cpu" },
	{ .type = "char[64]",		.name = "my_string_field" },
	{ .type = "char[]",		.name = "dynstring_field_2" },
	{ .type = "int",		.name = "my_int_field" },
};

static struct trace_event_file *get_and_enable(const char *name)
{
	struct trace_event_file *file;

	file = trace_get_event_file(NULL, "synthetic", name);
	if (IS_ERR(file))
		return file;
	if (trace_array_set_clr_event(file->tr, "synthetic", name, true)) {
		trace_put_event_file(file);
		return ERR_PTR(-EINVAL);
	}
	return file;
}

static int write_records(void)
{
	unsigned int cpu = raw_smp_processor_id();
	struct synth_event_trace_state st;
	u64 vals[7];
	int ret = 0;

	vals[0] = 777;
	vals[1] = (u64)(long)"hula hoops";
	vals[2] = 1000000;
	vals[3] = 1000;
	vals[4] = cpu;
	vals[5] = (u64)(long)"thneed";
	vals[6] = 598;
	ret |= CHECK(synth_event_trace_array(gen_file, vals, 7), 0);

	ret |= CHECK(synth_event_trace_start(gen_file, &st), 0);
	ret |= CHECK(synth_event_add_next_val(777, &st), 0);
	ret |= CHECK(synth_event_add_next_val((u64)(long)"slinky", &st), 0);
	ret |= CHECK(synth_event_add_next_val(1000000, &st), 0);
	ret |= CHECK(synth_event_add_next_val(1000, &st), 0);
	ret |= CHECK(synth_event_add_next_val(cpu, &st), 0);
	ret |= CHECK(synth_event_add_next_val((u64)(long)"thneed_2.01", &st), 0);
	ret |= CHECK(synth_event_add_next_val(395, &st), 0);
	ret |= CHECK(synth_event_add_val("ts_ns", 1, &st), -EINVAL);
	ret |= CHECK(synth_event_trace_end(&st), 0);

	ret |= CHECK(synth_event_trace_start(gen_file, &st), 0);
	ret |= CHECK(synth_event_add_val("ts_ns", 1000000, &st), 0);
	ret |= CHECK(synth_event_add_val("ts_ms", 1000, &st), 0);
	ret |= CHECK(synth_event_add_val("cpu", cpu, &st), 0);
	ret |= CHECK(synth_event_add_val("next_pid_field", 777, &st), 0);
	ret |= CHECK(synth_event_add_val("next_comm_field",
					 (u64)(long)"silly putty", &st), 0);
	ret |= CHECK(synth_event_add_val("my_string_field",
					 (u64)(long)"thneed_9", &st), 0);
	ret |= CHECK(synth_event_add_val("my_int_field", 3999, &st), 0);
	ret |= CHECK(synth_event_add_next_val(1, &st), -EINVAL);
	ret |= CHECK(synth_event_trace_end(&st), 0);

	ret |= CHECK(synth_event_trace(create_file, 9, (u64)444,
				       (u64)(long)"clackers", (u64)1000000,
				       (u64)(long)"viewmaster", (u64)1000,
				       (u64)cpu, (u64)(long)"Thneed",
				       (u64)(long)"yoyos", (u64)999), 0);
	/* Fields of unknown size: no field-by-field records. */
	ret |= CHECK(synth_event_trace_start(create_file, &st), -ENOTSUPP);
	return ret;
}

static void undo(void)
{
	if (!IS_ERR_OR_NULL(gen_file)) {
		trace_array_set_clr_event(gen_file->tr, "synthetic", "ftt_gen",
					  false);
		trace_put_event_file(gen_file);
	}
	if (!IS_ERR_OR_NULL(create_file)) {
		trace_array_set_clr_event(create_file->tr, "synthetic",
					  "ftt_create", false);
		trace_put_event_file(create_file);
	}
	gen_file = NULL;
	create_file = NULL;
	synth_event_delete("ftt_gen");
	synth_event_delete("ftt_create");
}

static int __init ftt_synth_gen_init(void)
{
	int ret;

	ret = define_gen();
	if (!ret)
		ret = synth_event_create("ftt_create", create_fields,
					 ARRAY_SIZE(create_fields), THIS_MODULE);
	if (ret) {
		pr_err("ftt_synth_gen: defining the events: %d\n", ret);
		undo();
		return ret;
	}
	ret = CHECK(synth_event_create("ftt_gen", create_fields, 1, NULL),
		    -EEXIST);
	gen_file = get_and_enable("ftt_gen");
	create_file = get_and_enable("ftt_create");
	if (IS_ERR(gen_file) || IS_ERR(create_file)) {
		pr_err("ftt_synth_gen: getting the files failed\n");
		undo();
		return -EINVAL;
	}
	ret |= write_records();
	/* Held by trace_get_event_file() and enabled: busy. */
	ret |= CHECK(synth_event_delete("ftt_gen"), -EBUSY);
	/* Off again, so that the module's references go. */
	trace_array_set_clr_event(gen_file->tr, "synthetic", "ftt_gen", false);
	trace_array_set_clr_event(create_file->tr, "synthetic", "ftt_create",
				  false);
	if (ret) {
		undo();
		return -EINVAL;
	}
	pr_info("ftt_synth_gen: all calls as expected\n");
	return 0;
}

static void __exit ftt_synth_gen_exit(void)
{
	trace_put_event_file(gen_file);
	trace_put_event_file(create_file);
	WARN_ON(synth_event_delete("ftt_gen"));
	WARN_ON(synth_event_delete("ftt_create"));
}

module_init(ftt_synth_gen_init);
module_exit(ftt_synth_gen_exit);
MODULE_DESCRIPTION("ftracetest: the in-kernel synthetic event API");
MODULE_LICENSE("GPL");
