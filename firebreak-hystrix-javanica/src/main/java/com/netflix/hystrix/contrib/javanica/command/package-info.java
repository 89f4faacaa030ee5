/**
 * Javanica's command helpers as javanica code uses them: {@code AsyncResult}, the value an asynchronous
 * annotated method returns, and {@code ClosureCommand}.
 */
package com.netflix.hystrix.contrib.javanica.command;
