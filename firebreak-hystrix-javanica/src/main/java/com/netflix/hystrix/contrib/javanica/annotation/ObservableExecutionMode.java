package com.netflix.hystrix.contrib.javanica.annotation;

/** When an {@code Observable} command starts. */
public enum ObservableExecutionMode {
    /** The command starts when the method is called ({@code observe()}). */
    EAGER,
    /** The command starts when the returned Observable is subscribed ({@code toObservable()}). */
    LAZY
}
