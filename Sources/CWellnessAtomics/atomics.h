/*
 * Sequentially consistent loads, stores and adds on plain 64-bit integers,
 * and the processor's spin-wait hint: what the core's kept threads
 * (WorkerPool.swift) poll while they wait a few microseconds for each other.
 *
 * Written here, a few lines over clang's __atomic builtins, because the two
 * well-kept alternatives each cost more than they give: Synchronization's
 * Atomic needs macOS 15 on Darwin, and swift-atomics would be the library's
 * first package dependency (every user's build would then resolve packages).
 */
#ifndef WELLNESS_ATOMICS_H
#define WELLNESS_ATOMICS_H

#include <stdint.h>

static inline int64_t wellness_atomic_load(const int64_t *value) {
    return __atomic_load_n(value, __ATOMIC_SEQ_CST);
}

static inline void wellness_atomic_store(int64_t *value, int64_t stored) {
    __atomic_store_n(value, stored, __ATOMIC_SEQ_CST);
}

/* Adds `added`; returns the new value. */
static inline int64_t wellness_atomic_add(int64_t *value, int64_t added) {
    return __atomic_add_fetch(value, added, __ATOMIC_SEQ_CST);
}

/* Tells the processor this thread is spinning (x86 PAUSE, Arm YIELD). */
static inline void wellness_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

#endif /* WELLNESS_ATOMICS_H */
