#include "../../../../src/telemetry/aggregate.cpp"
