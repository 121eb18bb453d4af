// SPDX-License-Identifier: GPL-2.0
/* Being written: see trace.h. */
#include "trace.h"

void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
}
