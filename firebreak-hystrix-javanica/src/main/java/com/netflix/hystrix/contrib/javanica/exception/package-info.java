/**
 * Javanica's exceptions, as javanica raises them for a misdeclared command or fallback.
 */
package com.netflix.hystrix.contrib.javanica.exception;
