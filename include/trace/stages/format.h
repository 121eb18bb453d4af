/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The text pass's meaning of TP_printk(): the event's print_fmt, the
 * line after "print fmt: " in its format file, which tools such as
 * trace-cmd and perf parse to print records themselves.
 *
 * The format string is quoted and followed by its arguments as text,
 * with the record called REC, and with the getters and printers left
 * unexpanded: the tools know __get_str(), __print_flags() and the rest
 * by name.  Macros of the event header are expanded as usual.
 */

#undef __entry
#define __entry REC

#undef __get_dynamic_array
#undef __get_dynamic_array_len
#undef __get_str
#undef __get_sockaddr
#undef __get_rel_dynamic_array
#undef __get_rel_dynamic_array_len
#undef __get_rel_str
#undef __get_rel_sockaddr
#undef __get_bitmask
#undef __get_cpumask
#undef __get_rel_bitmask
#undef __get_rel_cpumask
#undef __get_buf

#undef __print_flags
#undef __print_symbolic
#undef __print_hex
#undef __print_hex_str
#undef __print_array
#undef __print_dynamic_array
#undef __print_hex_dump

/* The tools take 64-bit values in the plain forms. */
#undef __print_flags_u64
#define __print_flags_u64(flag, delim, flag_array...)			\
	__print_flags(flag, delim, flag_array)
#undef __print_symbolic_u64
#define __print_symbolic_u64(value, symbol_array...)			\
	__print_symbolic(value, symbol_array)

/* Arithmetic the tools can evaluate themselves. */
#undef __print_ns_to_secs
#define __print_ns_to_secs(val)		__te_emit((val) / 1000000000UL)
#undef __print_ns_without_secs
#define __print_ns_without_secs(val)	__te_emit((val) % 1000000000UL)

#undef TP_printk
#define TP_printk(fmt, args...)	"\"" fmt "\", " __stringify(args)
