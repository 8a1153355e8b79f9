#include "../../../../src/payload/unicode_tables.cpp"
