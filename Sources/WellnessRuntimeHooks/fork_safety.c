/* Makes the statically linked Swift runtime usable in a child of fork().

   The runtime's one-time initialisation (swift_once, behind every lazy global
   and much of its metadata) locks a futex-based lock, ulock
   (include/swift/Threading/Impl/Linux/ulock.h), that stores the owner's
   thread id, and it caches that id per thread in a thread-local:
   `static __thread int tid` in ulock_get_tid(). After fork() the child's only
   thread keeps the cached id of the parent's thread. As soon as another
   thread of the child contends for a lock it holds, the kernel's
   priority-inheritance futex calls see an owner that is not in the process
   and fail, and both threads spin for ever (100 % CPU).

   The child handler below clears the cache, so the child's thread asks the
   kernel for its own id at its next lock. It runs in the child before fork()
   returns, on that only thread, before anything else can use the runtime.
   Registered at load, so it also covers forks that happen before the first
   call. The variable is the runtime's own (hidden, defined once in
   libswiftCore.a's Linux.cpp.o); with `-z defs` the link fails if a future
   runtime renames it, rather than the fix silently going away. */
#include <pthread.h>

extern __thread int _ZZN5swift14threading_impl5linux13ulock_get_tidEvE3tid;

static void wellness_forget_thread_id_in_child(void) {
    _ZZN5swift14threading_impl5linux13ulock_get_tidEvE3tid = 0;
}

__attribute__((constructor)) static void wellness_register_fork_handler(void) {
    (void)pthread_atfork(NULL, NULL, wellness_forget_thread_id_in_child);
}
