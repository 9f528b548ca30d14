# walletpay: the same jars as `mvn package` (the service and the cluster add-on beside it), on a JRE 17, as a
# non-root user.
# Build: docker build -t walletpay .   Run: see deploy/docker-compose.yml and README "Running several nodes".

FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY pom.xml .
# dependencies first, so a source change does not download the world again
RUN mvn -q -B dependency:go-offline
COPY config config
COPY src src
RUN mvn -q -B package -DskipTests -Dspotless.check.skip=true

FROM eclipse-temurin:17-jre
# the embedded PostgreSQL (development only) refuses to run as root, and nothing here needs root
RUN groupadd --system walletpay && useradd --system --gid walletpay --home-dir /app --shell /usr/sbin/nologin walletpay \
    && mkdir -p /app/data && chown -R walletpay:walletpay /app && chmod 0700 /app/data
WORKDIR /app
COPY --from=build /src/target/walletpay.jar /src/target/walletpay-cluster.jar /app/
COPY --from=build /src/config/application.json /app/config/application.json
USER walletpay
ENV WALLETPAY_DATA_DIR=/app/data \
    WALLETPAY_HTTP_HOST=0.0.0.0 \
    WALLETPAY_HTTP_PORT=8080 \
    JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError"
EXPOSE 8080
# /health/ready: 200 when the database answers and the schema is migrated (bash's /dev/tcp: no curl in the image);
# on the management port when one is set (0 is none), the only port a worker node serves
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
    CMD bash -c 'port=${WALLETPAY_MANAGEMENT_PORT:-0}; [ "$port" != 0 ] || port=$WALLETPAY_HTTP_PORT; exec 3<>/dev/tcp/127.0.0.1/$port && printf "GET /health/ready HTTP/1.0\r\nHost: localhost\r\n\r\n" >&3 && head -1 <&3 | grep -q " 200 "'
ENTRYPOINT ["java", "-jar", "/app/walletpay.jar"]
