#include "../../../../src/telemetry/retry_after.cpp"
