/* Keeps the statically linked Swift runtime from writing to the host's stderr
   when it loads. Its static initializer (stdlib/public/runtime/Backtrace.cpp,
   BacktraceInitializer) reads SWIFT_BACKTRACE from the host's environment and,
   with `enable=yes` and no swift-backtrace executable next to the runtime
   (there never is one beside libwellness.so), warns "swift runtime: unable to
   locate swift-backtrace; disabling backtracing." before any code of ours can
   run. Its other warnings (an unknown SWIFT_BACKTRACE setting, a privileged
   process) are about the same setting, which the library ignores anyway
   (no_crash_handlers.c keeps the backtracer off).

   The library is linked with `--wrap=_ZN5swift7warningEjPKcz`, so every call
   of swift::warning(uint32_t, const char *, ...) lands here. Backtrace.cpp
   alone starts its messages with "swift runtime: " (checked against the
   toolchain's libswiftCore.a); those are dropped, every other warning (the
   runtime's SWIFT_DEBUG_* diagnostics) is printed as before. */

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern void __real__ZN5swift7warningEjPKcz(uint32_t flags, const char *format, ...);

static const char backtracer_prefix[] = "swift runtime: ";

__attribute__((visibility("hidden"))) void __wrap__ZN5swift7warningEjPKcz(uint32_t flags, const char *format, ...) {
    char message[1024];
    va_list arguments;
    if (format && strncmp(format, backtracer_prefix, sizeof backtracer_prefix - 1) == 0) return;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format ? format : "", arguments);
    va_end(arguments);
    __real__ZN5swift7warningEjPKcz(flags, "%s", message);
}
