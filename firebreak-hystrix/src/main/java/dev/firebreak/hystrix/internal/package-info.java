/** The bridge's own helpers, shared by its Hystrix packages; not exported. */
package dev.firebreak.hystrix.internal;
