#!/bin/bash
python3 -m pytest tests/test_outputs.py -v --tb=short
