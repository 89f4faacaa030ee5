/**
 * Not an API: the scheduler view a guard registry hands to its guards, which refuses new work once the
 * registry is closed. The module does not export this package.
 */
package dev.firebreak.registry.internal;
