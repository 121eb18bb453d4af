/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The code pass's meaning of what TP_fast_assign() and TP_printk() use.
 *
 * In the probes and the output function alike the record is the local
 * "entry" (some headers name it so in TP_fast_assign(); __entry is the
 * name to use); the output function also has p, the iterator's scratch
 * trace_seq, which the __print_*() helpers (and helpers of the event
 * headers) write their text into.  The text pass (format.h) undefines
 * the getters and printers again so that they show by name in print_fmt.
 */

#undef __entry
#define __entry entry

/* ---- where the dynamic fields of __entry are ---- */
#undef __get_dynamic_array
#define __get_dynamic_array(field)					\
	((void *)__entry + (__entry->__data_loc_##field & 0xffff))
#undef __get_dynamic_array_len
#define __get_dynamic_array_len(field)					\
	((__entry->__data_loc_##field >> 16) & 0xffff)
#undef __get_str
#define __get_str(field)	((char *)__get_dynamic_array(field))
#undef __get_sockaddr
#define __get_sockaddr(field)	((struct sockaddr *)__get_dynamic_array(field))

/* A __rel_loc counts from the end of the location word itself. */
#undef __get_rel_dynamic_array
#define __get_rel_dynamic_array(field)					\
	((void *)(&__entry->__rel_loc_##field + 1) +			\
	 (__entry->__rel_loc_##field & 0xffff))
#undef __get_rel_dynamic_array_len
#define __get_rel_dynamic_array_len(field)				\
	((__entry->__rel_loc_##field >> 16) & 0xffff)
#undef __get_rel_str
#define __get_rel_str(field)	((char *)__get_rel_dynamic_array(field))
#undef __get_rel_sockaddr
#define __get_rel_sockaddr(field)					\
	((struct sockaddr *)__get_rel_dynamic_array(field))

/* Bitmasks print as text (TP_fast_assign() fills them with __assign_*). */
#undef __get_bitmask
#define __get_bitmask(field)						\
	trace_print_bitmask_seq(p, __get_dynamic_array(field),		\
				__get_dynamic_array_len(field))
#undef __get_cpumask
#define __get_cpumask(field)	__get_bitmask(field)
#undef __get_rel_bitmask
#define __get_rel_bitmask(field)					\
	trace_print_bitmask_seq(p, __get_rel_dynamic_array(field),	\
				__get_rel_dynamic_array_len(field))
#undef __get_rel_cpumask
#define __get_rel_cpumask(field)	__get_rel_bitmask(field)

/* ---- filling the record (TP_fast_assign) ---- */

/* Copy a string whose source and length the sizing step recorded. */
#define __te_put_str(dst, loc, src)					\
	do {								\
		char *__te_d = (dst);					\
		u32 __te_l = ((loc) >> 16) - 1;				\
									\
		memcpy(__te_d, (src), __te_l);				\
		__te_d[__te_l] = '\0';					\
	} while (0)

#undef __assign_str
#define __assign_str(dst)						\
	__te_put_str(__get_str(dst), __te_off.__data_loc_##dst,	\
		     __te_off.__data_loc_##dst##_src)
#undef __assign_rel_str
#define __assign_rel_str(dst)						\
	__te_put_str(__get_rel_str(dst), __te_off.__rel_loc_##dst,	\
		     __te_off.__rel_loc_##dst##_src)

#undef __assign_vstr
#define __assign_vstr(dst, fmt, va)					\
	do {								\
		va_list __te_va;					\
									\
		va_copy(__te_va, *(va));				\
		__te_vsnprintf(__get_str(dst),				\
			       __get_dynamic_array_len(dst), (fmt), __te_va); \
		va_end(__te_va);					\
	} while (0)

#undef __assign_bitmask
#define __assign_bitmask(dst, src, nr_bits)				\
	memcpy(__get_dynamic_array(dst), (src), __te_mask_bytes(nr_bits))
#undef __assign_rel_bitmask
#define __assign_rel_bitmask(dst, src, nr_bits)				\
	memcpy(__get_rel_dynamic_array(dst), (src), __te_mask_bytes(nr_bits))
#undef __assign_cpumask
#define __assign_cpumask(dst, src)					\
	memcpy(__get_dynamic_array(dst), (src),				\
	       __te_mask_bytes(nr_cpumask_bits))
#undef __assign_rel_cpumask
#define __assign_rel_cpumask(dst, src)					\
	memcpy(__get_rel_dynamic_array(dst), (src),			\
	       __te_mask_bytes(nr_cpumask_bits))
#undef __assign_sockaddr
#define __assign_sockaddr(dst, src, len)				\
	memcpy(__get_dynamic_array(dst), (src), (len))
#undef __assign_rel_sockaddr
#define __assign_rel_sockaddr(dst, src, len)				\
	memcpy(__get_rel_dynamic_array(dst), (src), (len))

/*
 * In TP_ARGS() of a class: what perf should count, and the task whose
 * context the sample belongs to.  Both probes declare the two locals;
 * only perf's reads them.
 */
#undef __perf_count
#define __perf_count(c)		(__te_count = (c))
#undef __perf_task
#define __perf_task(t)		(__te_task = (t))

#undef TP_fast_assign
#define TP_fast_assign(code...)	code

/* ---- printing (TP_printk) ---- */
#undef TP_printk
#define TP_printk(fmt, args...)	fmt "\n", ##args

#undef __print_flags
#define __print_flags(flag, delim, flag_array...)			\
	({								\
		static const struct trace_print_flags __te_names[] =	\
			{ flag_array, { -1, NULL } };			\
		trace_print_flags_seq(p, delim, flag, __te_names);	\
	})
#undef __print_symbolic
#define __print_symbolic(value, symbol_array...)			\
	({								\
		static const struct trace_print_flags __te_names[] =	\
			{ symbol_array, { -1, NULL } };			\
		trace_print_symbols_seq(p, value, __te_names);		\
	})

#undef __print_flags_u64
#undef __print_symbolic_u64
#if BITS_PER_LONG == 32
#define __print_flags_u64(flag, delim, flag_array...)			\
	({								\
		static const struct trace_print_flags_u64 __te_names[] = \
			{ flag_array, { -1, NULL } };			\
		trace_print_flags_seq_u64(p, delim, flag, __te_names);	\
	})
#define __print_symbolic_u64(value, symbol_array...)			\
	({								\
		static const struct trace_print_flags_u64 __te_names[] = \
			{ symbol_array, { -1, NULL } };			\
		trace_print_symbols_seq_u64(p, value, __te_names);	\
	})
#else
#define __print_flags_u64(flag, delim, flag_array...)			\
	__print_flags(flag, delim, flag_array)
#define __print_symbolic_u64(value, symbol_array...)			\
	__print_symbolic(value, symbol_array)
#endif

#undef __print_hex
#define __print_hex(buf, buf_len)					\
	trace_print_hex_seq(p, buf, buf_len, false)
#undef __print_hex_str
#define __print_hex_str(buf, buf_len)					\
	trace_print_hex_seq(p, buf, buf_len, true)

#undef __print_array
#define __print_array(array, count, el_size)				\
	({								\
		BUILD_BUG_ON((el_size) != 1 && (el_size) != 2 &&	\
			     (el_size) != 4 && (el_size) != 8);		\
		trace_print_array_seq(p, array, count, el_size);	\
	})
#undef __print_dynamic_array
#define __print_dynamic_array(array, el_size)				\
	__print_array(__get_dynamic_array(array),			\
		      __get_dynamic_array_len(array) / (el_size), el_size)

#undef __print_hex_dump
#define __print_hex_dump(prefix_str, prefix_type, rowsize, groupsize,	\
			 buf, len, ascii)				\
	trace_print_hex_dump_seq(p, prefix_str, prefix_type, rowsize,	\
				 groupsize, buf, len, ascii)

#undef __print_ns_to_secs
#define __print_ns_to_secs(value)	div_u64((value), NSEC_PER_SEC)
#undef __print_ns_without_secs
#define __print_ns_without_secs(value)					\
	({								\
		u32 __te_rem;						\
									\
		div_u64_rem((value), NSEC_PER_SEC, &__te_rem);		\
		__te_rem;						\
	})

#undef __get_buf
#define __get_buf(len)		trace_seq_acquire(p, (len))
