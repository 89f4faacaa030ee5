package dev.firebreak.samples.passthrough.mvc;

import dev.firebreak.samples.passthrough.DashboardResources;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** The pass-through service on Spring MVC, each request on a virtual thread ({@code spring.threads.virtual.enabled}). */
@SpringBootApplication
public class PassthroughMvcApplication {

    /** Starts the servlet flavour. */
    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(PassthroughMvcApplication.class);
        application.setWebApplicationType(WebApplicationType.SERVLET);
        application.run(args);
    }

    /** Serves Firebreak's dashboard page on the service's port. */
    @Bean
    WebMvcConfigurer dashboardPage() {
        return new WebMvcConfigurer() {
            @Override
            public void addResourceHandlers(ResourceHandlerRegistry registry) {
                registry.addResourceHandler(DashboardResources.PATTERN).addResourceLocations(DashboardResources.LOCATION);
            }
        };
    }
}
