(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32)
  (local $6 i32) (local $7 i32) (local $8 i32) (local $9 i32) (local $10 i32) (local $11 v128) (local $12 v128) (local $13 v128) (local $14 v128) (local $15 v128) (local $16 v128) (local $17 v128) (local $18 v128) (local $19 v128) (local $20 v128) (local $21 v128) (local $22 v128) (local $23 v128) (local $24 v128) (local $25 v128) (local $26 v128) (local $27 v128) (local $28 v128) (local $29 v128) (local $30 v128) (local $31 v128) (local $32 v128) (local $33 v128) (local $34 v128) (local $35 v128) (local $36 v128) (local $37 v128) (local $38 v128) (local $39 v128) (local $40 v128) (local $41 f32) (local $42 f32) (local $43 f32) (local $44 f32) (local $45 f32) (local $46 f32) (local $47 f32) (local $48 f32) (local $49 i32) (local $50 i32)
  local.get 4
  local.set 6
  block
    loop
      local.get 6
      local.get 5
      i32.ge_s
      br_if 1
      local.get 6
      i32.const 64
      i32.mul
      local.set 8
      local.get 6
      i32.const 64
      i32.mul
      local.set 9
      local.get 6
      i32.const 64
      i32.mul
      local.set 10
      i32.const 0
      local.set 7
      block
        loop
          local.get 7
          i32.const 7
          i32.add
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 0
          local.get 10
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 8
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 2
          i32.const 0
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.mul
          local.get 3
          local.get 9
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.add
          local.tee 11
          v128.const f32x4 -0.008863235529902197 -0.008863235529902197 -0.008863235529902197 -0.008863235529902197
          local.get 11
          local.get 11
          f32x4.mul
          local.tee 12
          f32x4.mul
          v128.const f32x4 0.021869488536155203 0.021869488536155203 0.021869488536155203 0.021869488536155203
          f32x4.add
          local.get 12
          f32x4.mul
          v128.const f32x4 -0.05396825396825397 -0.05396825396825397 -0.05396825396825397 -0.05396825396825397
          f32x4.add
          local.get 12
          f32x4.mul
          v128.const f32x4 0.13333333333333333 0.13333333333333333 0.13333333333333333 0.13333333333333333
          f32x4.add
          local.get 12
          f32x4.mul
          v128.const f32x4 -0.3333333333333333 -0.3333333333333333 -0.3333333333333333 -0.3333333333333333
          f32x4.add
          local.get 12
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          f32x4.mul
          v128.const f32x4 1 1 1 1
          v128.const f32x4 2 2 2 2
          local.get 11
          f32x4.abs
          local.tee 13
          v128.const f32x4 2 2 2 2
          f32x4.mul
          local.tee 14
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 15
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 16
          local.get 16
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 17
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 17
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 18
          local.get 18
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 18
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 18
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 18
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 18
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 18
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 18
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 17
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 19
          i32.const 1
          i32x4.shr_s
          local.tee 20
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 19
          local.get 20
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          f32x4.div
          f32x4.sub
          local.get 11
          v128.const i32x4 -2147483648 -2147483648 -2147483648 -2147483648
          v128.and
          v128.or
          local.get 13
          v128.const f32x4 0.3 0.3 0.3 0.3
          f32x4.lt
          v128.bitselect
          v128.store
          local.get 7
          i32.const 4
          i32.add
          local.set 7
          local.get 0
          local.get 10
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 8
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 2
          i32.const 0
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.mul
          local.get 3
          local.get 9
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.add
          local.tee 21
          v128.const f32x4 -0.008863235529902197 -0.008863235529902197 -0.008863235529902197 -0.008863235529902197
          local.get 21
          local.get 21
          f32x4.mul
          local.tee 22
          f32x4.mul
          v128.const f32x4 0.021869488536155203 0.021869488536155203 0.021869488536155203 0.021869488536155203
          f32x4.add
          local.get 22
          f32x4.mul
          v128.const f32x4 -0.05396825396825397 -0.05396825396825397 -0.05396825396825397 -0.05396825396825397
          f32x4.add
          local.get 22
          f32x4.mul
          v128.const f32x4 0.13333333333333333 0.13333333333333333 0.13333333333333333 0.13333333333333333
          f32x4.add
          local.get 22
          f32x4.mul
          v128.const f32x4 -0.3333333333333333 -0.3333333333333333 -0.3333333333333333 -0.3333333333333333
          f32x4.add
          local.get 22
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          f32x4.mul
          v128.const f32x4 1 1 1 1
          v128.const f32x4 2 2 2 2
          local.get 21
          f32x4.abs
          local.tee 23
          v128.const f32x4 2 2 2 2
          f32x4.mul
          local.tee 24
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 25
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 26
          local.get 26
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 27
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 27
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 28
          local.get 28
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 28
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 28
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 28
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 28
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 28
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 28
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 27
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 29
          i32.const 1
          i32x4.shr_s
          local.tee 30
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 29
          local.get 30
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          f32x4.div
          f32x4.sub
          local.get 21
          v128.const i32x4 -2147483648 -2147483648 -2147483648 -2147483648
          v128.and
          v128.or
          local.get 23
          v128.const f32x4 0.3 0.3 0.3 0.3
          f32x4.lt
          v128.bitselect
          v128.store
          local.get 7
          i32.const 4
          i32.sub
          local.set 7
          local.get 7
          i32.const 8
          i32.add
          local.set 7
          br 0
        end
      end
      local.get 7
      local.set 7
      block
        loop
          local.get 7
          i32.const 3
          i32.add
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 0
          local.get 10
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 8
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 2
          i32.const 0
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.mul
          local.get 3
          local.get 9
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.add
          local.tee 31
          v128.const f32x4 -0.008863235529902197 -0.008863235529902197 -0.008863235529902197 -0.008863235529902197
          local.get 31
          local.get 31
          f32x4.mul
          local.tee 32
          f32x4.mul
          v128.const f32x4 0.021869488536155203 0.021869488536155203 0.021869488536155203 0.021869488536155203
          f32x4.add
          local.get 32
          f32x4.mul
          v128.const f32x4 -0.05396825396825397 -0.05396825396825397 -0.05396825396825397 -0.05396825396825397
          f32x4.add
          local.get 32
          f32x4.mul
          v128.const f32x4 0.13333333333333333 0.13333333333333333 0.13333333333333333 0.13333333333333333
          f32x4.add
          local.get 32
          f32x4.mul
          v128.const f32x4 -0.3333333333333333 -0.3333333333333333 -0.3333333333333333 -0.3333333333333333
          f32x4.add
          local.get 32
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          f32x4.mul
          v128.const f32x4 1 1 1 1
          v128.const f32x4 2 2 2 2
          local.get 31
          f32x4.abs
          local.tee 33
          v128.const f32x4 2 2 2 2
          f32x4.mul
          local.tee 34
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 35
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 36
          local.get 36
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 37
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 37
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 38
          local.get 38
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 38
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 38
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 38
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 38
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 38
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 38
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 37
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 39
          i32.const 1
          i32x4.shr_s
          local.tee 40
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 39
          local.get 40
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          f32x4.div
          f32x4.sub
          local.get 31
          v128.const i32x4 -2147483648 -2147483648 -2147483648 -2147483648
          v128.and
          v128.or
          local.get 33
          v128.const f32x4 0.3 0.3 0.3 0.3
          f32x4.lt
          v128.bitselect
          v128.store
          local.get 7
          i32.const 4
          i32.add
          local.set 7
          br 0
        end
      end
      local.get 7
      local.set 7
      block
        loop
          local.get 7
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 0
          local.get 6
          i32.const 64
          i32.mul
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 6
          i32.const 64
          i32.mul
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 2
          local.get 7
          i32.const 2
          i32.shl
          i32.add
          f32.load
          f32.mul
          local.get 3
          local.get 6
          i32.const 64
          i32.mul
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          f32.add
          local.tee 41
          f32.const -0.008863235529902197
          local.get 41
          local.get 41
          f32.mul
          local.tee 42
          f32.mul
          f32.const 0.021869488536155203
          f32.add
          local.get 42
          f32.mul
          f32.const -0.05396825396825397
          f32.add
          local.get 42
          f32.mul
          f32.const 0.13333333333333333
          f32.add
          local.get 42
          f32.mul
          f32.const -0.3333333333333333
          f32.add
          local.get 42
          f32.mul
          f32.const 1
          f32.add
          f32.mul
          i32.reinterpret_f32
          f32.const 1
          f32.const 2
          f32.const 89
          i32.reinterpret_f32
          f32.const -104
          i32.reinterpret_f32
          local.get 41
          f32.abs
          local.tee 43
          f32.const 2
          f32.mul
          local.tee 44
          i32.reinterpret_f32
          local.get 44
          f32.const -104
          f32.lt
          select
          f32.reinterpret_i32
          local.tee 45
          i32.reinterpret_f32
          f32.const 89
          local.get 45
          f32.lt
          select
          f32.reinterpret_i32
          local.tee 46
          local.get 46
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 47
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 47
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 48
          local.get 48
          f32.mul
          f32.const 0.000198756915
          local.get 48
          f32.mul
          f32.const 0.0013981999507
          f32.add
          local.get 48
          f32.mul
          f32.const 0.0083334519073
          f32.add
          local.get 48
          f32.mul
          f32.const 0.041665795894
          f32.add
          local.get 48
          f32.mul
          f32.const 0.16666665459
          f32.add
          local.get 48
          f32.mul
          f32.const 0.50000001201
          f32.add
          f32.mul
          local.get 48
          f32.add
          f32.const 1
          f32.add
          local.get 47
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 49
          i32.const 1
          i32.shr_s
          local.tee 50
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 49
          local.get 50
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          f32.const 1
          f32.add
          f32.div
          f32.sub
          i32.reinterpret_f32
          local.get 41
          i32.reinterpret_f32
          i32.const -2147483648
          i32.and
          i32.or
          f32.reinterpret_i32
          i32.reinterpret_f32
          local.get 43
          f32.const 0.3
          f32.lt
          select
          f32.reinterpret_i32
          f32.store
          local.get 7
          i32.const 1
          i32.add
          local.set 7
          br 0
        end
      end
      local.get 6
      i32.const 1
      i32.add
      local.set 6
      br 0
    end
  end
)