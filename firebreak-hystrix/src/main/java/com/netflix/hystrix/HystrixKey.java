package com.netflix.hystrix;

/** A name that identifies a command, group, thread pool or collapser. */
public interface HystrixKey {

    /** The key's name. */
    String name();

    /**
     * The shared base of the key types: compared by type and name, shown as the name. Instances are
     * interned per name by each key's {@code Factory}, as in Hystrix.
     */
    abstract class HystrixKeyDefault implements HystrixKey {
        private final String name;

        /** A key named {@code name}. */
        protected HystrixKeyDefault(String name) {
            if (name == null) {
                throw new IllegalArgumentException("a Hystrix key needs a name, was null");
            }
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean equals(Object other) {
            return other != null && other.getClass() == getClass() && ((HystrixKeyDefault) other).name.equals(name);
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
