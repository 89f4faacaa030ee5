/**
 * Isolation, how many attempts of a guard run at once and where: the strategies (semaphore, thread pool,
 * virtual threads), their configuration ({@code execution.isolation.*} and thread-pool keys), the
 * shared {@link dev.firebreak.isolation.GuardThreadPool} and the read-only
 * {@link dev.firebreak.isolation.IsolationView} that {@code guard.controls().isolator()} returns.
 */
package dev.firebreak.isolation;
