/**
 * How a guard classifies an attempt's outcome: which exceptions count as failures and which results
 * fail the attempt ({@link dev.firebreak.classify.FailedResultException}).
 */
package dev.firebreak.classify;
