/**
 * Guards made per key (tenant, host, customer) from one template, with a cap on the number of keys and
 * idle eviction on the registry's clock: {@link dev.firebreak.keyed.KeyedGuards}. A call policy: it
 * builds, calls and removes guards through their public API only.
 */
package dev.firebreak.keyed;
