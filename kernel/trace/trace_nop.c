// SPDX-License-Identifier: GPL-2.0
/* Being written: see trace.h. */
#include "trace.h"
