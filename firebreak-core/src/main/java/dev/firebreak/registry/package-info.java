/**
 * The generic registry (named objects with added, removed and replaced events, closable) behind guards,
 * thread pools, collapsers and call policies, its listener, and the exception a closed registry raises.
 */
package dev.firebreak.registry;
