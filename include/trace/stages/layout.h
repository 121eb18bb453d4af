/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The field language of TP_STRUCT__entry(), as the event passes read it.
 *
 * Every field macro becomes one parenthesised tuple that says what kind
 * of field it is and carries everything any pass needs about it, its
 * texts for the format file already made from the words the header
 * wrote.  A TP_STRUCT__entry() is thus a sequence of tuples:
 *
 *	(fix,  type, item, "type", "item", filter, signed, packed)
 *	(arr,  type, item, "type[len]", "item", len)
 *	(dyn,  item, member, "type text", "item", rel, signed, bytes)
 *	(str,  item, member, "type text", "item", rel, src)
 *	(strn, item, member, "type text", "item", rel, src, len)
 *	(vstr, item, member, "type text", "item", rel, fmt, ap)
 *
 * "member" is the u32 in the record that locates a dynamic field
 * (__data_loc_<item> or __rel_loc_<item>), "rel" is 1 for the __rel_
 * forms, whose offset counts from the end of that u32 rather than from
 * the start of the record, and "bytes" how much data the field takes.
 *
 * __te_walk(MODE, seq) applies the handler __te_MODE_<kind>() to every
 * tuple of seq.  Because a walk is only a macro expansion, one read of
 * the event header can build the record, its field table, the sizing
 * code and the probes from the same TP_STRUCT__entry().
 *
 * How the walk works: an (end) tuple is put after the sequence;
 * __te_MODE_a(tuple) emits the handler's output followed by the name
 * __te_MODE_b, which takes the next tuple and leaves __te_MODE_a, and so
 * on, until the (end) tuple leaves nothing.  Bodies that emit several
 * things are written as one __te_emit() so that each generator reads as
 * a single expansion.
 */

#ifndef _TRACE_STAGES_LAYOUT_H
#define _TRACE_STAGES_LAYOUT_H

#define __te_emit(code...)	code
#define __te_walk(mode, seq)	__te_emit(__te_##mode##_a seq (end))

/* After a field, the walk goes on; after (end) it stops. */
#define __te_next_fix(walker)	walker
#define __te_next_arr(walker)	walker
#define __te_next_dyn(walker)	walker
#define __te_next_str(walker)	walker
#define __te_next_strn(walker)	walker
#define __te_next_vstr(walker)	walker
#define __te_next_end(walker)

/* Alignment of a type as a struct member (what the record gives it). */
#define __te_alignof(type)	((int)offsetof(struct { char __c; type __t; }, __t))

/* Bytes of a bitmask of @nr bits, kept in whole longs. */
#define __te_mask_bytes(nr)	(BITS_TO_LONGS(nr) * sizeof(long))

/* Longest __vstring() text, terminating NUL included. */
#define __TE_VSTR_MAX		512

/*
 * vsnprintf() for __vstring(): the format is the event's argument, so a
 * direct call would have W=1 builds suggest a format attribute for every
 * probe of such an event.  A plain function pointer carries no attribute.
 */
#define __te_vsnprintf							\
	((int (*)(char *, size_t, const char *, va_list))vsnprintf)

#define __te_packed_0
#define __te_packed_1		__packed

/* ---- REC: the members of struct trace_event_raw_<class> ---- */
#define __te_REC_a(k, ...)						\
	__te_emit(__te_REC_##k(__VA_ARGS__) __te_next_##k(__te_REC_b))
#define __te_REC_b(k, ...)						\
	__te_emit(__te_REC_##k(__VA_ARGS__) __te_next_##k(__te_REC_a))
#define __te_REC_end()

#define __te_REC_fix(t, it, ts, ns, filt, sgn, pk)	__te_emit(t it __te_packed_##pk;)
#define __te_REC_arr(t, it, ts, ns, n)			__te_emit(t it[n];)
#define __te_REC_dyn(item, m, ...)			u32 m;
#define __te_REC_str(item, m, ...)			u32 m;
#define __te_REC_strn(item, m, ...)			u32 m;
#define __te_REC_vstr(item, m, ...)			u32 m;

/*
 * ---- OFF: struct trace_event_data_offsets_<class> ----
 * The location word of every dynamic field, worked out before the record
 * is reserved, and the source of every string, read once.
 */
#define __te_OFF_a(k, ...)						\
	__te_emit(__te_OFF_##k(__VA_ARGS__) __te_next_##k(__te_OFF_b))
#define __te_OFF_b(k, ...)						\
	__te_emit(__te_OFF_##k(__VA_ARGS__) __te_next_##k(__te_OFF_a))
#define __te_OFF_end()

#define __te_OFF_fix(...)
#define __te_OFF_arr(...)
#define __te_OFF_dyn(item, m, ...)	u32 m;
#define __te_OFF_str(item, m, ...)	u32 m; const char *m##_src;
#define __te_OFF_strn(item, m, ...)	u32 m; const char *m##_src;
#define __te_OFF_vstr(item, m, ...)	u32 m;

/* ---- FLD: the entries of the class's trace_event_fields[] ---- */
#define __te_FLD_a(k, ...)						\
	__te_emit(__te_FLD_##k(__VA_ARGS__) __te_next_##k(__te_FLD_b))
#define __te_FLD_b(k, ...)						\
	__te_emit(__te_FLD_##k(__VA_ARGS__) __te_next_##k(__te_FLD_a))
#define __te_FLD_end()

#define __te_FLD_fix(t, it, ts, ns, filt, sgn, pk)			\
	{ .type = ts, .name = ns, .size = sizeof(t),			\
	  .align = (pk) ? 1 : __te_alignof(t),				\
	  .is_signed = sgn, .filter_type = filt },
#define __te_FLD_arr(t, it, ts, ns, n)					\
	{ .type = ts, .name = ns, .size = sizeof(t) * (n),		\
	  .align = __te_alignof(t), .is_signed = is_signed_type(t),	\
	  .filter_type = FILTER_OTHER, .len = (n) },
#define __te_FLD_loc(ts, ns, sgn)					\
	{ .type = ts, .name = ns, .size = sizeof(u32),			\
	  .align = __alignof__(u32), .is_signed = sgn,			\
	  .filter_type = FILTER_OTHER },
#define __te_FLD_dyn(item, m, ts, ns, rel, sgn, bytes)	__te_FLD_loc(ts, ns, sgn)
#define __te_FLD_str(item, m, ts, ns, ...)		__te_FLD_loc(ts, ns, 0)
#define __te_FLD_strn(item, m, ts, ns, ...)		__te_FLD_loc(ts, ns, 0)
#define __te_FLD_vstr(item, m, ts, ns, ...)		__te_FLD_loc(ts, ns, 0)

/*
 * ---- SIZE: the body of the class's sizing function ----
 * Runs with __te_o (the offsets to fill), __te_sz (dynamic bytes so far)
 * and the record type __te_rec_t in scope.  A dynamic field's data goes
 * at the end of the record, in the order of the fields.
 */
#define __te_SIZE_a(k, ...)						\
	__te_emit(__te_SIZE_##k(__VA_ARGS__) __te_next_##k(__te_SIZE_b))
#define __te_SIZE_b(k, ...)						\
	__te_emit(__te_SIZE_##k(__VA_ARGS__) __te_next_##k(__te_SIZE_a))
#define __te_SIZE_end()

#define __te_place(m, rel, bytes)					\
	do {								\
		u32 __te_n = (bytes);					\
		u32 __te_at = offsetof(__te_rec_t, __data) + __te_sz;	\
									\
		if (rel)						\
			__te_at -= offsetof(__te_rec_t, m) + sizeof(u32); \
		__te_o->m = __te_at | (__te_n << 16);			\
		__te_sz += __te_n;					\
	} while (0)

/*
 * A scalar field is named by one identifier: __field(int, a[4]) would
 * describe the array as one int.  Pasting the name into an enumerator
 * rejects that at compile time.
 */
#define __te_SIZE_fix(t, it, ...)	__te_emit(enum { __te_one_name_##it };)
#define __te_SIZE_arr(...)
#define __te_SIZE_dyn(item, m, ts, ns, rel, sgn, bytes)			\
	__te_place(m, rel, bytes);
#define __te_SIZE_str(item, m, ts, ns, rel, src)			\
	{								\
		const char *__te_s = (src);				\
									\
		__te_o->m##_src = __te_s ? __te_s : "(null)";		\
		__te_place(m, rel, strlen(__te_o->m##_src) + 1);	\
	}
#define __te_SIZE_strn(item, m, ts, ns, rel, src, len)			\
	{								\
		const char *__te_s = (src);				\
									\
		__te_o->m##_src = __te_s ? __te_s : "(null)";		\
		__te_place(m, rel, __te_s ? (len) + 1 : sizeof("(null)")); \
	}
#define __te_SIZE_vstr(item, m, ts, ns, rel, fmt, ap)			\
	{								\
		va_list __te_ap;					\
		int __te_len;						\
									\
		va_copy(__te_ap, *(ap));				\
		__te_len = __te_vsnprintf(NULL, 0, (fmt), __te_ap) + 1;	\
		va_end(__te_ap);					\
		__te_place(m, rel, min(__te_len, __TE_VSTR_MAX));	\
	}

/*
 * ---- LOC: store the location words into a reserved record ----
 * Runs with __entry (the record) and __te_off (the offsets) in scope.
 */
#define __te_LOC_a(k, ...)						\
	__te_emit(__te_LOC_##k(__VA_ARGS__) __te_next_##k(__te_LOC_b))
#define __te_LOC_b(k, ...)						\
	__te_emit(__te_LOC_##k(__VA_ARGS__) __te_next_##k(__te_LOC_a))
#define __te_LOC_end()

#define __te_LOC_fix(...)
#define __te_LOC_arr(...)
#define __te_LOC_dyn(item, m, ...)	__te_emit(__entry->m = __te_off.m;)
#define __te_LOC_str(item, m, ...)	__te_emit(__entry->m = __te_off.m;)
#define __te_LOC_strn(item, m, ...)	__te_emit(__entry->m = __te_off.m;)
#define __te_LOC_vstr(item, m, ...)	__te_emit(__entry->m = __te_off.m;)

#endif /* _TRACE_STAGES_LAYOUT_H */

/*
 * The field macros themselves.  They are (re)defined on every read of
 * this file: other code (the core's own record descriptions) gives some
 * of these names meanings of its own.
 */
#undef TP_STRUCT__entry
#define TP_STRUCT__entry(fields...)	fields

/*
 * __field() and __field_struct() name their type after macro expansion
 * (pgoff_t is a macro, "unsigned long" in the format file; __percpu
 * vanishes), the _ext forms, arrays and dynamic arrays as written.
 */
#undef __field_ext
#define __field_ext(type, item, filter)					\
	(fix, type, item, #type, #item, filter, is_signed_type(type), 0)
#undef __field
#define __field(type, item)	__field_ext(type, item, FILTER_OTHER)
#undef __field_struct_ext
#define __field_struct_ext(type, item, filter)				\
	(fix, type, item, #type, #item, filter, 0, 0)
#undef __field_struct
#define __field_struct(type, item)					\
	__field_struct_ext(type, item, FILTER_OTHER)
#undef __field_packed
#define __field_packed(type, item)					\
	(fix, type, item, #type, #item, FILTER_OTHER, is_signed_type(type), 1)

#undef __array
#define __array(type, item, len)					\
	(arr, type, item, #type "[" __stringify(len) "]", #item, len)

#undef __dynamic_array
#define __dynamic_array(type, item, len)				\
	(dyn, item, __data_loc_##item, "__data_loc " #type "[]", #item, 0, \
	 is_signed_type(type), (len) * sizeof(type))
#undef __rel_dynamic_array
#define __rel_dynamic_array(type, item, len)				\
	(dyn, item, __rel_loc_##item, "__rel_loc " #type "[]", #item, 1, \
	 is_signed_type(type), (len) * sizeof(type))

#undef __string
#define __string(item, src)						\
	(str, item, __data_loc_##item, "__data_loc char[]", #item, 0, src)
#undef __rel_string
#define __rel_string(item, src)						\
	(str, item, __rel_loc_##item, "__rel_loc char[]", #item, 1, src)
#undef __string_len
#define __string_len(item, src, len)					\
	(strn, item, __data_loc_##item, "__data_loc char[]", #item, 0, src, len)
#undef __rel_string_len
#define __rel_string_len(item, src, len)				\
	(strn, item, __rel_loc_##item, "__rel_loc char[]", #item, 1, src, len)
#undef __vstring
#define __vstring(item, fmt, ap)					\
	(vstr, item, __data_loc_##item, "__data_loc char[]", #item, 0, fmt, ap)

#undef __bitmask
#define __bitmask(item, nr_bits)					\
	(dyn, item, __data_loc_##item, "__data_loc unsigned long[]", #item, 0, \
	 0, __te_mask_bytes(nr_bits))
#undef __rel_bitmask
#define __rel_bitmask(item, nr_bits)					\
	(dyn, item, __rel_loc_##item, "__rel_loc unsigned long[]", #item, 1, \
	 0, __te_mask_bytes(nr_bits))
#undef __cpumask
#define __cpumask(item)							\
	(dyn, item, __data_loc_##item, "__data_loc cpumask_t", #item, 0, 0, \
	 __te_mask_bytes(nr_cpumask_bits))
#undef __rel_cpumask
#define __rel_cpumask(item)						\
	(dyn, item, __rel_loc_##item, "__rel_loc cpumask_t", #item, 1, 0, \
	 __te_mask_bytes(nr_cpumask_bits))
#undef __sockaddr
#define __sockaddr(item, len)						\
	(dyn, item, __data_loc_##item, "__data_loc u8[]", #item, 0, 0, (len))
#undef __rel_sockaddr
#define __rel_sockaddr(item, len)					\
	(dyn, item, __rel_loc_##item, "__rel_loc u8[]", #item, 1, 0, (len))
