"""Phrasing lists of the question reader's tests (test_question_phrasings.py)."""
