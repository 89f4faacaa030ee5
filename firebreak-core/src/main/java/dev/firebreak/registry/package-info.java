/**
 * The generic registry (named objects with added, removed and replaced events, closable) used for
 * guards, thread pools, collapsers and every policy object. Bottom layer: imports only {@code event}.
 */
package dev.firebreak.registry;
