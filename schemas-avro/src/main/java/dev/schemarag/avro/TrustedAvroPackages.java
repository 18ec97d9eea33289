package dev.schemarag.avro;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.util.ClassSecurityValidator;

/**
 * Avro 1.12 refuses to instantiate classes that are not allow-listed when it resolves a writer schema
 * to a specific class. A serde vouches for the package of the generated class it was built for, so no
 * deployment needs the {@code org.apache.avro.SERIALIZABLE_PACKAGES} system property.
 */
final class TrustedAvroPackages {
    private static final Set<String> TRUSTED = ConcurrentHashMap.newKeySet();

    private TrustedAvroPackages() {}

    static synchronized void trust(Class<?> generatedClass) {
        String trustedPackage = generatedClass.getPackageName();
        if (TRUSTED.add(trustedPackage)) {
            ClassSecurityValidator.setGlobal(ClassSecurityValidator.composite(
                    ClassSecurityValidator.getGlobal(),
                    candidate -> candidate.getPackageName().equals(trustedPackage)));
        }
    }
}
