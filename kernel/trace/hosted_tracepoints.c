// SPDX-License-Identifier: GPL-2.0
/*
 * Tracepoints that several subsystems fire but none owns: power management
 * (cpuidle, cpufreq, suspend), runtime PM, and error reports from the
 * memory-error detectors.  They are instantiated here, once for the whole
 * kernel, and the ones modules fire are exported.
 */
#include <linux/export.h>

#define CREATE_TRACE_POINTS
#include <trace/events/power.h>
#include <trace/events/error_report.h>
#ifdef CONFIG_PM
#include <trace/events/rpm.h>
#endif

/* Fired by modules: cpuidle and cpufreq drivers, ... */
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_frequency);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(powernv_throttle);
EXPORT_TRACEPOINT_SYMBOL_GPL(suspend_resume);
/* ... the memory-error detectors ... */
EXPORT_TRACEPOINT_SYMBOL_GPL(error_report_end);
/* ... and drivers with runtime PM. */
#ifdef CONFIG_PM
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_resume);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_return_int);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_suspend);
#endif
