#include "../../../../src/telemetry/c_api.cpp"
