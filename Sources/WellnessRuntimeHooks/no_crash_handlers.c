/* Keeps the statically linked Swift runtime from installing its crash
   handlers (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGQUIT and an
   alternate signal stack) in the process that loads libwellness.so: the
   host (a JVM, Python's faulthandler, a game engine) owns its signals.

   The runtime's static initializer (stdlib/public/runtime/Backtrace.cpp,
   BacktraceInitializer) calls _swift_installCrashHandler()
   (CrashHandlerLinux.cpp) when backtracing is enabled, e.g. by SWIFT_ROOT or
   SWIFT_BACKTRACE in the host's environment. The library is linked with
   `--wrap=_swift_installCrashHandler`, so that call lands here instead.

   BacktraceSettings (BacktracePrivate.h) starts with
   `UnwindAlgorithm algorithm; OnOffTty enabled;` (OnOffTty::Off == 0).
   Turning `enabled` off keeps a fatal error printing its own message and
   stack trace, as it does when the out-of-process backtracer is absent. */

struct swift_backtrace_settings_prefix {
    int algorithm;
    int enabled;
};
extern struct swift_backtrace_settings_prefix _swift_backtraceSettings;

__attribute__((visibility("hidden"))) int __wrap__swift_installCrashHandler(void) {
    _swift_backtraceSettings.enabled = 0;
    return 0; /* success: the runtime prints no warning */
}

/* Link-time tripwire: __real__swift_installCrashHandler exists only under
   --wrap, so with `-z defs` the link fails if the flag goes missing or a
   future runtime renames the function (when --wrap would silently stop
   working). The call never runs. */
extern int __real__swift_installCrashHandler(void);
static volatile int wellness_never_true;
__attribute__((constructor)) static void wellness_backtrace_tripwire(void) {
    if (wellness_never_true) (void)__real__swift_installCrashHandler();
}
