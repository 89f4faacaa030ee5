package com.netflix.hystrix.contrib.javanica.annotation;

/** Hystrix exceptions a command may raise as they are (see {@link HystrixCommand#raiseHystrixExceptions()}). */
public enum HystrixException {
    /** Raise {@code HystrixRuntimeException} instead of the exception that caused it. */
    RUNTIME_EXCEPTION
}
