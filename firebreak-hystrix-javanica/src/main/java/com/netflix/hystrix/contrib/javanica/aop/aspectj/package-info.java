/**
 * The aspects that run javanica-annotated methods as Hystrix commands and collapsers (register them as
 * Spring beans, as with javanica).
 */
package com.netflix.hystrix.contrib.javanica.aop.aspectj;
