// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_seq_kunit - KUnit suites for the trace_seq text buffer.
 *
 * trace_seq is what every event's output is formatted into.  Its promises
 * to the printers are checked here: text lands whole or not at all, a
 * buffer that once overflowed takes nothing more until it is emptied,
 * the hex, bitmask and binary-printf forms come out as tools expect, and
 * the text reaches user space in pieces (trace_seq_to_user()) or a
 * seq_file (trace_print_seq()).  Only behaviour both flavours share is
 * checked, so the module runs unchanged on ours and on upstream 6.12
 * (where trace_print_seq() cannot be reached from a module: that case
 * is skipped there).
 */
#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/fs_struct.h>
#include <linux/mman.h>
#include <linux/module.h>
#include <linux/path.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/trace_seq.h>
#include <linux/uaccess.h>

/*
 * Upstream does not export trace_print_seq(): a weak reference lets the
 * module load there all the same, with the address 0.
 */
extern typeof(trace_print_seq) trace_print_seq __weak;

/* A zeroed trace_seq from the test's memory: valid without init. */
static struct trace_seq *new_seq(struct kunit *test)
{
	struct trace_seq *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	return s;
}

/* The text in @s, NUL-terminated, in memory the test owns. */
static const char *text_of(struct kunit *test, struct trace_seq *s)
{
	int len = trace_seq_used(s);
	char *buf = kunit_kzalloc(test, len + 1, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	memcpy(buf, s->buffer, len);
	return buf;
}

static __printf(2, 3) void call_vprintf(struct trace_seq *s,
					 const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	trace_seq_vprintf(s, fmt, args);
	va_end(args);
}

/* ---- writing --------------------------------------------------------- */

static void ftt_seq_writers(struct kunit *test)
{
	struct trace_seq *s = new_seq(test);
	char *p;

	/* Zero-filled: the first write sets it up. */
	trace_seq_puts(s, "abc");
	trace_seq_putc(s, '-');
	trace_seq_printf(s, "%d:%s", 42, "x");
	call_vprintf(s, "[%03u]", 7U);
	trace_seq_putmem(s, "mem\0more", 4);
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 17);
	KUNIT_EXPECT_EQ(test, memcmp(s->buffer, "abc-42:x[007]mem\0", 17), 0);
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));
	KUNIT_EXPECT_PTR_EQ(test, trace_seq_buffer_ptr(s), s->buffer + 17);

	/* trace_seq_acquire(): room handed out to write into directly. */
	p = trace_seq_acquire(s, 3);
	KUNIT_EXPECT_PTR_EQ(test, p, s->buffer + 17);
	memcpy(p, "XYZ", 3);
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 20);
	trace_seq_putc(s, '.');
	KUNIT_EXPECT_EQ(test, memcmp(s->buffer + 17, "XYZ.", 4), 0);

	trace_seq_init(s);
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 0);
	trace_seq_puts(s, "");
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 0);
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));
}

/*
 * Fill @s to @room bytes short of the end of its buffer with 'a's (in
 * several writes, none of which may fail).
 */
static void fill_to(struct kunit *test, struct trace_seq *s, int room)
{
	static const char chunk[256] = { [0 ... 255] = 'a' };
	int want = TRACE_SEQ_BUFFER_SIZE - room;

	while (trace_seq_used(s) < want) {
		int n = min_t(int, sizeof(chunk), want - trace_seq_used(s));

		trace_seq_putmem(s, chunk, n);
	}
	KUNIT_ASSERT_EQ(test, trace_seq_used(s), want);
	KUNIT_ASSERT_FALSE(test, trace_seq_has_overflowed(s));
}

static void ftt_seq_overflow(struct kunit *test)
{
	struct trace_seq *s = new_seq(test);
	u64 v = 0x0123456789abcdefULL;
	int used;

	trace_seq_init(s);
	fill_to(test, s, 16);
	used = trace_seq_used(s);

	/* Text that fits still lands. */
	trace_seq_printf(s, "%s", "12345");
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), used + 5);
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));
	used += 5;

	/* Text that does not fit leaves nothing behind, and is remembered. */
	trace_seq_printf(s, "%s-%d", "longer than what is left", 1);
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), used);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));

	/* Once full, even writes that would fit are dropped. */
	trace_seq_putc(s, 'x');
	trace_seq_puts(s, "y");
	trace_seq_printf(s, "z");
	trace_seq_putmem(s, "w", 1);
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), used);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));
	KUNIT_EXPECT_EQ(test, s->buffer[used - 1], '5');

	/* init empties it and takes the mark away. */
	trace_seq_init(s);
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));
	trace_seq_putc(s, 'x');
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 1);

	/* Each kind of writer is all-or-nothing. */
	trace_seq_init(s);
	fill_to(test, s, 10);
	used = trace_seq_used(s);
	trace_seq_putmem_hex(s, &v, sizeof(v));		/* 17 characters */
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), used);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));

	trace_seq_init(s);
	fill_to(test, s, 10);
	trace_seq_puts(s, "more than ten bytes");
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), used);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));

	trace_seq_init(s);
	fill_to(test, s, 10);
	trace_seq_putmem(s, "more than ten bytes", 19);
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), used);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));

	trace_seq_init(s);
	fill_to(test, s, 10);
	trace_seq_hex_dump(s, "", DUMP_PREFIX_NONE, 16, 1, &v, sizeof(v),
			   false);
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), used);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));
}

static void ftt_seq_hex(struct kunit *test)
{
	static const u8 bytes[10] = {
		0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99
	};
	static const char abcd[] = "ABCD";
	struct trace_seq *s = new_seq(test);
	u32 v32 = 0x12345678;
	u64 v64 = 0x0123456789abcdefULL;
	u8 v8 = 0x5a;

	/* A field of up to 8 bytes reads as its value, then a space. */
	trace_seq_putmem_hex(s, &v32, sizeof(v32));
	trace_seq_putmem_hex(s, &v64, sizeof(v64));
	trace_seq_putmem_hex(s, &v8, sizeof(v8));
	KUNIT_EXPECT_STREQ(test, text_of(test, s),
			   "12345678 0123456789abcdef 5a ");

	/* Longer memory goes in 8-byte chunks, each in the CPU's order. */
	trace_seq_init(s);
	trace_seq_putmem_hex(s, bytes, sizeof(bytes));
#ifdef __BIG_ENDIAN
	KUNIT_EXPECT_STREQ(test, text_of(test, s), "0011223344556677 8899 ");
#else
	KUNIT_EXPECT_STREQ(test, text_of(test, s), "7766554433221100 9988 ");
#endif

	/* print_hex_dump()'s layout: prefix, offset, groups, the ASCII. */
	trace_seq_init(s);
	KUNIT_EXPECT_EQ(test, trace_seq_hex_dump(s, "p: ", DUMP_PREFIX_OFFSET,
						 16, 1, abcd, 4, true), 1);
	KUNIT_EXPECT_STREQ(test, text_of(test, s),
			   "p: 00000000: 41 42 43 44"
			   "                                      ABCD\n");

	trace_seq_init(s);
	KUNIT_EXPECT_EQ(test, trace_seq_hex_dump(s, "", DUMP_PREFIX_NONE,
						 16, 1, bytes, 10, false), 1);
	KUNIT_EXPECT_STREQ(test, text_of(test, s),
			   "00 11 22 33 44 55 66 77 88 99\n");

	/* Two rows of 16. */
	trace_seq_init(s);
	trace_seq_hex_dump(s, "", DUMP_PREFIX_OFFSET, 16, 1, "0123456789abcdefXY",
			   18, false);
	KUNIT_EXPECT_STREQ(test, text_of(test, s),
			   "00000000: 30 31 32 33 34 35 36 37 38 39 61 62 63 64 65 66\n"
			   "00000010: 58 59\n");
}

static void ftt_seq_bitmask(struct kunit *test)
{
	struct trace_seq *s = new_seq(test);
	DECLARE_BITMAP(mask, 64);

	bitmap_zero(mask, 64);
	__set_bit(0, mask);
	__set_bit(4, mask);
	__set_bit(35, mask);

	/* 32-bit hex words, most significant first; the top one trimmed. */
	trace_seq_bitmask(s, mask, 40);
	KUNIT_EXPECT_STREQ(test, text_of(test, s), "08,00000011");

	trace_seq_init(s);
	trace_seq_bitmask(s, mask, 64);
	KUNIT_EXPECT_STREQ(test, text_of(test, s), "00000008,00000011");

	trace_seq_init(s);
	trace_seq_bitmask(s, mask, 4);
	KUNIT_EXPECT_STREQ(test, text_of(test, s), "1");

	trace_seq_init(s);
	bitmap_zero(mask, 64);
	trace_seq_bitmask(s, mask, 8);
	KUNIT_EXPECT_STREQ(test, text_of(test, s), "00");

	/* Appended like any other text, and all or nothing. */
	trace_seq_init(s);
	__set_bit(2, mask);
	trace_seq_puts(s, "cpus=");
	trace_seq_bitmask(s, mask, 8);
	KUNIT_EXPECT_STREQ(test, text_of(test, s), "cpus=04");
}

/* Pack @fmt's arguments the way trace_printk() records them. */
static __printf(3, 4) int pack_args(u32 *bin, size_t words,
				    const char *fmt, ...)
{
	va_list args;
	int ret;

	va_start(args, fmt);
	ret = vbin_printf(bin, words, fmt, args);
	va_end(args);
	return ret;
}

static void ftt_seq_bprintf(struct kunit *test)
{
	static const char fmt[] = "n=%d s=%s c=%c x=%#x ll=%lld p=%%";
	struct trace_seq *s = new_seq(test);
	u32 *bin = kunit_kzalloc(test, 64 * sizeof(u32), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, bin);
	KUNIT_ASSERT_GT(test, pack_args(bin, 64, fmt, -5, "str", 'q',
					0xbeef, -1234567890123LL), 0);

	trace_seq_puts(s, "> ");
	trace_seq_bprintf(s, fmt, bin);
	KUNIT_EXPECT_STREQ(test, text_of(test, s),
			   "> n=-5 s=str c=q x=0xbeef ll=-1234567890123 p=%");
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));

	/* All or nothing here too. */
	trace_seq_init(s);
	fill_to(test, s, 10);
	trace_seq_bprintf(s, fmt, bin);
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), TRACE_SEQ_BUFFER_SIZE - 10);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));
}

/* ---- reading --------------------------------------------------------- */

static void ftt_seq_to_user(struct kunit *test)
{
	struct trace_seq *s = new_seq(test);
	unsigned long uaddr;
	char __user *ubuf;
	char back[16];

	uaddr = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			      MAP_ANONYMOUS | MAP_PRIVATE, 0);
	if (!uaddr || uaddr >= TASK_SIZE)
		kunit_skip(test, "no user memory for the test");
	ubuf = (char __user *)uaddr;

	trace_seq_puts(s, "hello world");	/* 11 bytes */

	/* Read in pieces: each read goes on where the last stopped. */
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf, 4), 4);
	KUNIT_EXPECT_EQ(test, s->readpos, (size_t)4);
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf + 4, 0), 0);
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf + 4, 5), 5);
	/* Asking for more than is left gets what is left. */
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf + 9, 100), 2);
	KUNIT_EXPECT_EQ(test, s->readpos, (size_t)11);
	/* All read: -EBUSY, and nothing is written. */
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf + 11, 100), -EBUSY);

	memset(back, 0, sizeof(back));
	KUNIT_ASSERT_EQ(test, copy_from_user(back, ubuf, 11), 0);
	KUNIT_EXPECT_STREQ(test, back, "hello world");

	/* More text makes more to read; init starts over. */
	trace_seq_puts(s, "!");
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf, 100), 1);
	trace_seq_init(s);
	KUNIT_EXPECT_EQ(test, s->readpos, (size_t)0);
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf, 100), -EBUSY);

	/* A user address that cannot be written: -EFAULT, readpos stays. */
	trace_seq_puts(s, "abc");
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, (char __user *)16, 3),
			-EFAULT);
	KUNIT_EXPECT_EQ(test, s->readpos, (size_t)0);
	KUNIT_EXPECT_EQ(test, trace_seq_to_user(s, ubuf, 3), 3);
}

static void ftt_seq_print_seq(struct kunit *test)
{
	struct trace_seq *s = new_seq(test);
	struct seq_file m = { };
	char *buf = kunit_kzalloc(test, 64, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	if (!trace_print_seq)
		kunit_skip(test, "trace_print_seq() is not exported to modules");
	m.buf = buf;
	m.size = 64;

	/* Copied to the seq_file, and the trace_seq emptied. */
	trace_seq_printf(s, "line %d\n", 1);
	KUNIT_EXPECT_EQ(test, trace_print_seq(&m, s), 0);
	KUNIT_EXPECT_EQ(test, m.count, (size_t)7);
	KUNIT_EXPECT_EQ(test, memcmp(buf, "line 1\n", 7), 0);
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 0);

	/* An empty trace_seq copies nothing and fails nothing. */
	KUNIT_EXPECT_EQ(test, trace_print_seq(&m, s), 0);
	KUNIT_EXPECT_EQ(test, m.count, (size_t)7);

	/* No room in the seq_file: the text stays for another try. */
	m.size = 10;
	trace_seq_puts(s, "does not fit");
	KUNIT_EXPECT_NE(test, trace_print_seq(&m, s), 0);
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 12);

	m.size = 64;
	m.count = 0;
	KUNIT_EXPECT_EQ(test, trace_print_seq(&m, s), 0);
	KUNIT_EXPECT_EQ(test, m.count, (size_t)12);
	KUNIT_EXPECT_EQ(test, memcmp(buf, "does not fit", 12), 0);
}

static void ftt_seq_path(struct kunit *test)
{
	struct trace_seq *s = new_seq(test);
	struct path root;

	if (!current->fs)
		kunit_skip(test, "no filesystem context");
	get_fs_root(current->fs, &root);
	KUNIT_EXPECT_EQ(test, trace_seq_path(s, &root), 1);
	path_put(&root);
	KUNIT_EXPECT_STREQ(test, text_of(test, s), "/");
}

static struct kunit_case ftt_seq_write_cases[] = {
	KUNIT_CASE(ftt_seq_writers),
	KUNIT_CASE(ftt_seq_overflow),
	KUNIT_CASE(ftt_seq_hex),
	KUNIT_CASE(ftt_seq_bitmask),
	KUNIT_CASE(ftt_seq_bprintf),
	{}
};

static struct kunit_suite ftt_seq_write_suite = {
	.name = "ftt_seq_write",
	.test_cases = ftt_seq_write_cases,
};

static struct kunit_case ftt_seq_read_cases[] = {
	KUNIT_CASE(ftt_seq_to_user),
	KUNIT_CASE(ftt_seq_print_seq),
	KUNIT_CASE(ftt_seq_path),
	{}
};

static struct kunit_suite ftt_seq_read_suite = {
	.name = "ftt_seq_read",
	.test_cases = ftt_seq_read_cases,
};

kunit_test_suites(&ftt_seq_write_suite, &ftt_seq_read_suite);

MODULE_DESCRIPTION("KUnit suites for trace_seq");
MODULE_LICENSE("GPL");
