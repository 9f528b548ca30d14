# Multi-stage: build the fat jar with Maven, run it on a JRE 17 as a non-root user.
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY pom.xml .
COPY config config
COPY src src
RUN mvn -q -DskipTests package

FROM eclipse-temurin:17-jre
RUN useradd --system --uid 10001 --home-dir /app walletpay \
    && mkdir -p /app/data && chown -R walletpay /app \
    && apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /src/target/walletpay.jar /app/walletpay.jar
COPY --from=build /src/config /app/config
USER 10001
ENV WALLETPAY_DATA_DIR=/app/data
# 8080 API, 9090 management (health, metrics) when WALLETPAY_MANAGEMENT_PORT=9090, 5701 cluster (Hazelcast)
EXPOSE 8080 9090 5701
# worker nodes serve no API: point the check at the management port there (WALLETPAY_HEALTH_PORT=9090)
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${WALLETPAY_HEALTH_PORT:-8080}/health/live" || exit 1
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-jar", "/app/walletpay.jar"]
